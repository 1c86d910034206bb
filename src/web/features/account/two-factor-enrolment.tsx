import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { z } from 'zod';
import { totpCodeSchema, type TotpCodeInput } from '../../../shared/api/auth.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { BackupCodes } from './backup-codes.tsx';
import { copyText } from './copy-text.ts';
import { groupSecret, totpSecretOf } from './totp-secret.ts';
import { useConfirmTwoFactor, type TwoFactorSetup } from './api.ts';

type TotpCode = z.output<typeof totpCodeSchema>;

export const TWO_FACTOR_ENABLED = 'Double authentification activée';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h3 className="flex items-center gap-2 font-semibold">
        <span
          className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm text-brand-800"
          aria-hidden="true"
        >
          {number}
        </span>
        {title}
      </h3>
      {children}
    </div>
  );
}

/** Enrolment: scan (or type) the secret, keep the backup codes, then prove it with a first code. */
export function TwoFactorEnrolment({
  setup,
  renderQr,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup;
  renderQr: (data: string) => ReactNode;
  onDone: () => void;
  onCancel: () => void;
}) {
  const secret = totpSecretOf(setup.totpURI);
  const confirm = useConfirmTwoFactor();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TotpCodeInput, unknown, TotpCode>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(({ code }) => {
    setFormError(null);
    confirm.mutate(code, {
      onSuccess: () => {
        toast.success(TWO_FACTOR_ENABLED);
        onDone();
      },
      onError: (error) => setFormError(applyServerError(form.setError, error, { code: 'code' })),
    });
  });
  return (
    <div className="space-y-6" data-testid="two-factor-enrolment">
      <div className="grid gap-6 md:grid-cols-2">
        <Step number={1} title="Scannez ce code QR">
          <p className="text-sm text-stone-600">
            Avec une application d’authentification : Google Authenticator, Microsoft Authenticator, 1Password…
          </p>
          {renderQr(setup.totpURI)}
          {secret && (
            <div className="space-y-1 text-sm">
              <p className="text-stone-600">Ou saisissez cette clé dans l’application{'\u00a0'}:</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="totp-secret"
                  className="break-words rounded bg-stone-100 px-2 py-1 font-mono text-stone-900"
                >
                  {groupSecret(secret)}
                </code>
                <Button size="sm" variant="ghost" onClick={() => void copyText(secret, 'Clé copiée')}>
                  Copier la clé
                </Button>
              </div>
            </div>
          )}
        </Step>
        <Step number={2} title="Gardez vos codes de secours">
          <p className="text-sm text-stone-600">
            Si vous perdez votre téléphone, chacun de ces codes permet une connexion. Rangez-les en lieu sûr : ils ne
            seront plus affichés.
          </p>
          <BackupCodes codes={setup.backupCodes} />
        </Step>
      </div>
      <Step number={3} title="Saisissez le code affiché par l’application">
        <form noValidate className="max-w-md space-y-3" onSubmit={submit}>
          <Field
            label="Code de vérification"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <FormAlert message={formError} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
              Annuler
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Vérification...' : 'Activer la double authentification'}
            </Button>
          </div>
        </form>
      </Step>
    </div>
  );
}
