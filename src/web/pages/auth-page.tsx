import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AuthForm, type AuthMode } from '../features/auth/auth-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useMe } from '../lib/queries.ts';
import { cn } from '../lib/cn.ts';

export default function AuthPage() {
  const location = useLocation();
  const initialMode = (location.state as { mode?: AuthMode } | null)?.mode ?? 'sign-in';
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const { data: me, isPending } = useMe();

  if (isPending) return <Spinner label="Chargement..." />;
  if (me) return <Navigate to="/dashboard" replace />;

  if (verifyEmail) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <Card className="space-y-4 text-center">
          <h1 className="text-2xl font-bold">Vérifiez votre email</h1>
          <p className="text-stone-700">
            Un lien de confirmation a été envoyé à <strong>{verifyEmail}</strong>. Ouvrez-le pour activer votre compte.
          </p>
          <Button variant="secondary" onClick={() => { setVerifyEmail(null); setMode('sign-in'); }}>
            Retour à la connexion
          </Button>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card className="space-y-6">
        <div role="group" aria-label="Connexion ou inscription" className="grid grid-cols-2 rounded-lg bg-stone-100 p-1">
          {(['sign-in', 'sign-up'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn('rounded-md py-2 text-sm font-medium', mode === m ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-600')}
            >
              {m === 'sign-in' ? 'Connexion' : 'Inscription'}
            </button>
          ))}
        </div>
        <div>
          <h1 className="text-2xl font-bold">{mode === 'sign-in' ? 'Connexion' : 'Inscription'}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {mode === 'sign-in'
              ? 'Accédez à vos recettes, menus et codes QR.'
              : 'Créez votre compte gratuit : 5 recettes, 1 menu et 1 code QR inclus.'}
          </p>
        </div>
        <AuthForm key={mode} mode={mode} onVerifyEmail={setVerifyEmail} />
      </Card>
    </div>
  );
}
