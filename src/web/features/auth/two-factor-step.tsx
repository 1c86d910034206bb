import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { backupCodeSchema, totpCodeSchema } from '../../../shared/api/auth.ts';
import { authMessages } from '../../../shared/messages/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { useVerifySecondFactor } from './api.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type Method = 'totp' | 'backup';

const methods = {
  totp: {
    // The TOTP schema also drops the spaces people type.
    schema: totpCodeSchema,
    label: 'Code de vérification',
    hint: 'Le code à 6 chiffres affiché par votre application d’authentification.',
    field: { inputMode: 'numeric', autoComplete: 'one-time-code', placeholder: '123456' },
    switchLabel: 'Utiliser un code de secours',
  },
  backup: {
    schema: backupCodeSchema,
    label: 'Code de secours',
    hint: 'L’un des codes enregistrés à l’activation. Chaque code ne sert qu’une fois.',
    field: { inputMode: 'text', autoComplete: 'off', placeholder: 'abcde-12345' },
    switchLabel: 'Utiliser l’application d’authentification',
  },
} as const;

/** The challenge is dead (its 10-minute cookie expired, or too many wrong codes): no code can succeed any more. */
const isChallengeGone = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code === 'unauthenticated';

function CodeForm({
  method,
  onExpired,
  returnTo,
}: {
  method: Method;
  onExpired: (message: string) => void;
  returnTo?: string;
}) {
  const { schema, label, hint, field } = methods[method];
  const completeSignIn = useCompleteSignIn(returnTo);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ code: string }, unknown, { code: string }>({
    resolver: zodResolver<{ code: string }, unknown, { code: string }>(schema),
    defaultValues: { code: '' },
  });
  const verify = useVerifySecondFactor(method, {
    onSuccess: () => completeSignIn(authMessages.loginSuccess),
    onError: (error) => {
      if (isChallengeGone(error)) return onExpired(error.message);
      setFormError(applyServerError(form.setError, error, { code: 'code' }));
    },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ code }) => {
        setFormError(null);
        verify.mutate(code);
      })}
    >
      <Field
        label={label}
        hint={hint}
        autoFocus
        error={form.formState.errors.code?.message}
        {...field}
        {...form.register('code')}
      />
      <FormAlert message={formError} />
      <Button type="submit" className="w-full" disabled={verify.isPending || verify.isSuccess}>
        {verify.isPending ? 'Vérification...' : 'Vérifier'}
      </Button>
    </form>
  );
}

/**
 * The second step of a sign-in when two-factor authentication is on (docs/product/spec.md: aal1 → aal2).
 * `onExpired` takes the server's message back to the e-mail and password form.
 */
export function TwoFactorStep({
  onBack,
  onExpired,
  returnTo,
}: {
  onBack: () => void;
  onExpired: (message: string) => void;
  returnTo?: string;
}) {
  const [method, setMethod] = useState<Method>('totp');
  return (
    <div className="space-y-4">
      <CodeForm key={method} method={method} onExpired={onExpired} returnTo={returnTo} />
      <div className="flex flex-col items-center gap-1 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => setMethod(method === 'totp' ? 'backup' : 'totp')}
        >
          {methods[method].switchLabel}
        </button>
        <button type="button" className="text-stone-600 underline-offset-2 hover:underline" onClick={onBack}>
          Retour à la connexion
        </button>
      </div>
    </div>
  );
}
