import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountMessages } from '../../shared/messages/account.ts';
import { AuthFrame } from '../features/auth/auth-frame.tsx';
import { ResetPasswordForm } from '../features/auth/lazy-auth.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import type { AuthPageState } from './auth-page.tsx';

const MISSING_TOKEN = 'Ce lien est incomplet. Ouvrez le lien reçu par email en entier, ou demandez-en un nouveau.';

function InvalidLink({ text }: { text: string }) {
  return (
    <AuthFrame title="Lien invalide">
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        {text}
      </p>
      <Link
        to="/auth"
        state={{ forgotPassword: true } satisfies AuthPageState}
        className={buttonClass('primary', 'md', 'w-full')}
      >
        Demander un nouveau lien
      </Link>
    </AuthFrame>
  );
}

/** /reset-password: where the link of the « Mot de passe oublié » e-mail lands (`?token=…` or `?error=…`). */
function ResetPasswordPageContent() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [refused, setRefused] = useState(params.has('error'));
  if (refused) return <InvalidLink text={accountMessages.resetInvalidToken} />;
  if (!token) return <InvalidLink text={MISSING_TOKEN} />;
  return (
    <AuthFrame
      title="Nouveau mot de passe"
      intro="Choisissez le mot de passe de votre compte NutriCarte. Vous serez déconnecté de tous vos appareils."
    >
      <ResetPasswordForm token={token} onInvalidToken={() => setRefused(true)} />
    </AuthFrame>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function ResetPasswordPage() {
  return (
    <>
      <title>Nouveau mot de passe – NutriCarte</title>
      <ResetPasswordPageContent />
    </>
  );
}
