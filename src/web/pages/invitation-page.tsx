import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvitationPreview } from '../../shared/api/organisations.ts';
import { organisationMessages } from '../../shared/messages/organisations.ts';
import { genericMessages } from '../../shared/messages/generic.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { FormAlert, FormNotice } from '../components/ui/form-alert.tsx';
import type { AuthMode } from '../features/auth/auth-fields.tsx';
import { AuthFrame } from '../features/auth/auth-frame.tsx';
import type { AuthPageState } from './auth-page.tsx';
import { AuthForm, TwoFactorStep, usePreloadAuthForms } from '../features/auth/lazy-auth.tsx';
import { useSignOut } from '../features/auth/sign-out-api.ts';
import { useAcceptInvitation, useInvitationPreview } from '../features/team/invitation-api.ts';
import { INVITATION_STATUS_TEXTS, InvitationSummary } from '../features/team/invitation-summary.tsx';
import { ApiError } from '../lib/api.ts';
import { useMe } from '../lib/queries.ts';

/**
 * /invitation/:token (docs/product/organisations.md « Invitations »): what the invitation
 * says, then, signed out, « Créer mon compte » or « J’ai déjà un compte » with the invited
 * address locked; signed in with that address, « Rejoindre l’équipe »; with another one, the
 * French refusal and « Se déconnecter ».
 */
function InvitationPageContent() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  usePreloadAuthForms();
  if (preview.isPending) return <Spinner label="Chargement de l’invitation..." />;
  if (preview.isError) {
    const invalid = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <AuthFrame title={invalid ? 'Invitation invalide' : 'Invitation indisponible'}>
        <p role="alert" className="text-stone-700">
          {invalid
            ? organisationMessages.invitationInvalid
            : 'Erreur lors du chargement de l’invitation. Veuillez réessayer dans quelques instants.'}
        </p>
        <Link to="/" className={buttonClass('secondary')}>
          Aller à l’accueil
        </Link>
      </AuthFrame>
    );
  }
  const invitation = preview.data;
  if (invitation.status !== 'valid') return <UnusableInvitation invitation={invitation} status={invitation.status} />;
  return (
    <AuthFrame
      title={`Rejoindre « ${invitation.organisationName} »`}
      intro={`${invitation.invitedBy ?? 'Un propriétaire'} vous invite à rejoindre son équipe sur NutriCarte.`}
    >
      <InvitationSummary invitation={invitation} />
      <Join token={token} invitation={invitation} />
    </AuthFrame>
  );
}

function UnusableInvitation({
  invitation,
  status,
}: {
  invitation: InvitationPreview;
  status: keyof typeof INVITATION_STATUS_TEXTS;
}) {
  const { data: me } = useMe();
  const { title, text } = INVITATION_STATUS_TEXTS[status];
  return (
    <AuthFrame title={title}>
      <InvitationSummary invitation={invitation} />
      <p role="alert" className="text-stone-700" data-testid="invitation-status">
        {text}
      </p>
      <Link to={me ? '/dashboard' : '/auth'} className={buttonClass('secondary')}>
        {me ? 'Aller au tableau de bord' : 'Se connecter'}
      </Link>
    </AuthFrame>
  );
}

function Join({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { data: me, isPending } = useMe();
  const signOut = useSignOut(`/invitation/${token}`);
  if (isPending) return <Spinner label="Chargement..." />;
  if (!me) return <SignInToJoin token={token} email={invitation.email} />;
  if (me.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <div className="space-y-3">
        <FormAlert message={organisationMessages.invitationOtherEmail} />
        <p className="break-words text-sm text-stone-700">
          Vous êtes connecté avec <strong>{me.user.email}</strong>.
        </p>
        <Button className="w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Se déconnecter
        </Button>
      </div>
    );
  }
  return <Accept token={token} userId={me.user.id} organisationName={invitation.organisationName} />;
}

function Accept({ token, userId, organisationName }: { token: string; userId: string; organisationName: string }) {
  const accept = useAcceptInvitation(token, userId, organisationName);
  const error =
    accept.error instanceof ApiError && accept.error.status > 0 && accept.error.status < 500
      ? accept.error.message
      : accept.error
        ? genericMessages.internal
        : null;
  return (
    <div className="space-y-3">
      <FormAlert message={error} />
      <Button size="lg" className="w-full" onClick={() => accept.mutate()} disabled={accept.isPending}>
        {accept.isPending ? 'Veuillez patienter...' : 'Rejoindre l’équipe'}
      </Button>
    </div>
  );
}

type Step =
  { name: 'choose' } | { name: 'form'; mode: AuthMode } | { name: 'second-factor' } | { name: 'verify-email' };

/** Signed out: an account for the invited address first, created or signed into here. */
function SignInToJoin({ token, email }: { token: string; email: string }) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const navigate = useNavigate();
  const returnTo = `/invitation/${token}`;
  switch (step.name) {
    case 'choose':
      return (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button onClick={() => setStep({ name: 'form', mode: 'sign-up' })}>Créer mon compte</Button>
          <Button variant="secondary" onClick={() => setStep({ name: 'form', mode: 'sign-in' })}>
            J’ai déjà un compte
          </Button>
        </div>
      );
    case 'verify-email':
      return (
        <FormNotice>
          Un lien de confirmation a été envoyé à <strong>{email}</strong>. Ouvrez-le, puis revenez sur ce lien
          d’invitation pour rejoindre l’équipe.
        </FormNotice>
      );
    case 'second-factor':
      return (
        <TwoFactorStep
          returnTo={returnTo}
          onBack={() => setStep({ name: 'form', mode: 'sign-in' })}
          onExpired={() => setStep({ name: 'form', mode: 'sign-in' })}
        />
      );
    case 'form':
      return (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold">{step.mode === 'sign-up' ? 'Créer mon compte' : 'Se connecter'}</h2>
          <AuthForm
            key={step.mode}
            mode={step.mode}
            lockedEmail={email}
            askName
            returnTo={returnTo}
            onVerifyEmail={() => setStep({ name: 'verify-email' })}
            onSecondFactor={() => setStep({ name: 'second-factor' })}
            onForgotPassword={() => void navigate('/auth', { state: { forgotPassword: true } satisfies AuthPageState })}
          />
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => setStep({ name: 'form', mode: step.mode === 'sign-up' ? 'sign-in' : 'sign-up' })}
          >
            {step.mode === 'sign-up' ? 'J’ai déjà un compte' : 'Créer mon compte'}
          </button>
        </div>
      );
  }
}

/** The page under its own title (RGAA 8.6). */
export default function InvitationPage() {
  return (
    <>
      <title>Invitation – NutriCarte</title>
      <InvitationPageContent />
    </>
  );
}
