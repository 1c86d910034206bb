import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requestPasswordResetSchema, type RequestPasswordResetInput } from '../../../shared/api/auth.ts';
import { accountMessages } from '../../../shared/messages/account.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert, FormNotice } from '../../components/ui/form-alert.tsx';
import { useRequestPasswordReset } from './api.ts';
import { ACCOUNT_EMAIL_FIELD } from './auth-fields.tsx';

/** « Mot de passe oublié ? »: the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: defaultEmail },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestPasswordReset({
    onError: (error) => setFormError(applyServerError(form.setError, error, { email: 'email' })),
  });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    request.mutate(values);
  });
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <Field
        {...ACCOUNT_EMAIL_FIELD}
        autoFocus
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {request.isSuccess && <FormNotice>{accountMessages.resetRequested}</FormNotice>}
      <FormAlert message={formError} />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Envoi en cours...' : 'Recevoir le lien'}
      </Button>
      <button
        type="button"
        className="mx-auto block text-sm text-stone-600 underline-offset-2 hover:underline"
        onClick={onBack}
      >
        Retour à la connexion
      </button>
    </form>
  );
}
