import { useLayoutEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FREE_PLAN } from '../../shared/plan-texts.ts';
import type { AuthMode } from '../features/auth/auth-fields.tsx';
import { AuthFrame } from '../features/auth/auth-frame.tsx';
import { AuthForm, ForgotPasswordForm, TwoFactorStep, usePreloadAuthForms } from '../features/auth/lazy-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { useMe } from '../lib/queries.ts';
import { cn } from '../lib/cn.ts';
import { authModeOfSearch } from '../lib/auth-paths.ts';
import { endPaintedForgotPassword, paintedForgotPasswordEmail } from '../lib/form-draft.ts';

/** What the card shows: the sign-in/sign-up forms, or one of the steps reached from them. */
type View =
  | { name: 'credentials'; email?: string; notice?: string }
  | { name: 'forgot-password'; email: string }
  | { name: 'second-factor'; email: string }
  | { name: 'verify-email'; email: string };

/** `navigate('/auth', { state })` from other pages: sign-up first, or « Mot de passe oublié ». */
export interface AuthPageState {
  mode?: AuthMode;
  forgotPassword?: boolean;
}

function ModeToggle({ mode, onChange }: { mode: AuthMode; onChange: (mode: AuthMode) => void }) {
  return (
    <div role="group" aria-label="Connexion ou inscription" className="grid grid-cols-2 rounded-lg bg-stone-100 p-1">
      {(['sign-in', 'sign-up'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          className={cn(
            'rounded-md py-2 text-sm font-medium',
            // The chosen mode is drawn by more than a shade (RGAA 3.3): a ring of 5.5:1 on the track.
            mode === m ? 'bg-white font-semibold text-brand-800 shadow-sm ring-1 ring-brand-700' : 'text-stone-600',
          )}
        >
          {m === 'sign-in' ? 'Connexion' : 'Inscription'}
        </button>
      ))}
    </div>
  );
}

export default function AuthPage() {
  const location = useLocation();
  const state = location.state as AuthPageState | null;
  const [mode, setMode] = useState<AuthMode>(state?.mode ?? authModeOfSearch(location.search));
  const [view, setView] = useState<View>(() => {
    if (state?.forgotPassword) return { name: 'forgot-password', email: '' };
    // « Mot de passe oublié ? » pressed on the server's painted page, before the app came.
    const painted = paintedForgotPasswordEmail();
    return painted === null ? { name: 'credentials' } : { name: 'forgot-password', email: painted };
  });
  // As the page commits over the server's paint: a painted button pressed while the app
  // rendered (src/web/landing/landing-script.ts) still counts, and the paint's request ends.
  useLayoutEffect(() => {
    const forgotEmail = paintedForgotPasswordEmail();
    endPaintedForgotPassword();
    // A press made outside React between this page's render and its commit.
    const carried = (current: View): View =>
      current.name === 'credentials' && forgotEmail !== null
        ? { name: 'forgot-password', email: forgotEmail }
        : current;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (forgotEmail !== null) setView(carried);
    else if (!state?.mode) setMode(authModeOfSearch(window.location.search));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page mounts
  }, []);
  const { data: me, isPending } = useMe();
  usePreloadAuthForms();
  const backToSignIn = () => {
    setMode('sign-in');
    setView({ name: 'credentials' });
  };

  if (isPending) return <Spinner label="Chargement..." />;
  if (me) return <Navigate to="/dashboard" replace />;

  switch (view.name) {
    case 'verify-email':
      return (
        <AuthFrame titled title="Vérifiez votre email">
          <p className="text-stone-700">
            Un lien de confirmation a été envoyé à <strong>{view.email}</strong>. Ouvrez-le pour activer votre compte.
          </p>
          <Button variant="secondary" onClick={backToSignIn}>
            Retour à la connexion
          </Button>
        </AuthFrame>
      );
    case 'forgot-password':
      return (
        <AuthFrame
          titled
          title="Mot de passe oublié"
          intro="Saisissez l’email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
        >
          <ForgotPasswordForm defaultEmail={view.email} onBack={backToSignIn} />
        </AuthFrame>
      );
    case 'second-factor':
      return (
        <AuthFrame
          titled
          title="Double authentification"
          intro="Votre compte est protégé par un second facteur : saisissez le code de votre application."
        >
          <TwoFactorStep
            onBack={backToSignIn}
            onExpired={(notice) => setView({ name: 'credentials', email: view.email, notice })}
          />
        </AuthFrame>
      );
    case 'credentials':
      return (
        <AuthFrame
          titled
          above={
            <ModeToggle
              mode={mode}
              onChange={(next) => {
                setMode(next);
                setView({ name: 'credentials' });
              }}
            />
          }
          title={mode === 'sign-in' ? 'Connexion' : 'Inscription'}
          intro={
            mode === 'sign-in'
              ? 'Accédez à vos recettes, menus et codes QR.'
              : `Créez votre compte gratuit : ${FREE_PLAN.recipes}, ${FREE_PLAN.menus} et ${FREE_PLAN.qrCodes} inclus.`
          }
        >
          <AuthForm
            key={mode}
            mode={mode}
            notice={view.notice}
            defaultEmail={view.email}
            onVerifyEmail={(email) => setView({ name: 'verify-email', email })}
            onSecondFactor={(email) => setView({ name: 'second-factor', email })}
            onForgotPassword={(email) => setView({ name: 'forgot-password', email })}
          />
        </AuthFrame>
      );
  }
}
