import { Suspense, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge, Spinner } from '../../components/ui/card.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { AccountCard } from './account-card.tsx';
import { BackupCodes } from './backup-codes.tsx';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateBackupCodes, type TwoFactorSetup } from './api.ts';

// The password prompt and the enrolment (react-hook-form, zod) open on demand: their code loads
// once the page has painted (docs/decisions/0041-first-load-javascript.md).
const { Component: PasswordPrompt, usePreload: usePreloadPrompt } = lazyComponent(
  () => import('./password-prompt.tsx'),
  (m) => m.PasswordPrompt,
);
const { Component: TwoFactorEnrolment, usePreload: usePreloadEnrolment } = lazyComponent(
  () => import('./two-factor-enrolment.tsx'),
  (m) => m.TwoFactorEnrolment,
);

const TWO_FACTOR_DISABLED = 'Double authentification désactivée';

type Step =
  | { name: 'overview' }
  | { name: 'password-to-enable' }
  | { name: 'enrolment'; setup: TwoFactorSetup }
  | { name: 'password-to-disable' }
  | { name: 'password-to-regenerate' }
  | { name: 'new-backup-codes'; codes: string[] };

const overview: Step = { name: 'overview' };

/** « Double authentification »: a code from an app on top of the password (TOTP, RFC 6238). */
export function TwoFactorCard({ enabled, renderQr }: { enabled: boolean; renderQr: (data: string) => ReactNode }) {
  const [step, setStep] = useState<Step>(overview);
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const back = () => setStep(overview);
  usePreloadPrompt();
  usePreloadEnrolment();

  const body = (() => {
    switch (step.name) {
      case 'password-to-enable':
        return (
          <PasswordPrompt
            submitLabel="Continuer"
            pendingLabel="Préparation..."
            onCancel={back}
            onSubmit={async (password) => setStep({ name: 'enrolment', setup: await enable.mutateAsync({ password }) })}
          />
        );
      case 'enrolment':
        return <TwoFactorEnrolment setup={step.setup} renderQr={renderQr} onDone={back} onCancel={back} />;
      case 'password-to-disable':
        return (
          <PasswordPrompt
            destructive
            submitLabel="Désactiver"
            pendingLabel="Désactivation..."
            onCancel={back}
            onSubmit={async (password) => {
              await disable.mutateAsync({ password });
              toast.success(TWO_FACTOR_DISABLED);
              back();
            }}
          />
        );
      case 'password-to-regenerate':
        return (
          <PasswordPrompt
            submitLabel="Générer de nouveaux codes"
            pendingLabel="Génération..."
            onCancel={back}
            onSubmit={async (password) =>
              setStep({ name: 'new-backup-codes', codes: await regenerate.mutateAsync({ password }) })
            }
          />
        );
      case 'new-backup-codes':
        return (
          <div className="space-y-3">
            <p role="status" className="text-sm text-stone-700">
              Voici vos nouveaux codes de secours. Les anciens ne fonctionnent plus : rangez ceux-ci en lieu sûr, ils ne
              seront plus affichés.
            </p>
            <BackupCodes codes={step.codes} />
            <Button onClick={back}>Terminé</Button>
          </div>
        );
      case 'overview':
        return enabled ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setStep({ name: 'password-to-regenerate' })}>
              Régénérer les codes de secours
            </Button>
            <Button variant="dangerGhost" onClick={() => setStep({ name: 'password-to-disable' })}>
              Désactiver
            </Button>
          </div>
        ) : (
          <Button onClick={() => setStep({ name: 'password-to-enable' })}>Activer</Button>
        );
    }
  })();

  return (
    <AccountCard
      title="Double authentification"
      aside={enabled ? <Badge tone="green">Activée</Badge> : <Badge>Désactivée</Badge>}
      description={
        enabled
          ? 'À chaque connexion, un code de votre application d’authentification vous est demandé après le mot de passe.'
          : 'Protégez votre compte : après le mot de passe, un code à 6 chiffres donné par une application de votre téléphone sera demandé.'
      }
    >
      <Suspense fallback={<Spinner label="Chargement..." />}>{body}</Suspense>
    </AccountCard>
  );
}
