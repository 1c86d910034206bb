import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../shared/api/password-forms.ts';
import { api, ApiError } from '../../lib/api.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';

export const PASSWORD_RESET_DONE = 'Mot de passe modifié. Connectez-vous avec votre nouveau mot de passe.';

/** The new password of /reset-password; every session of the account ends with it. */
export function ResetPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const leave = useLeaveSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormInput>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useMutation({
    mutationFn: ({ newPassword }: ResetPasswordFormInput) => api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
    // Signed in on this browser or not, the session is gone now: nothing cached may stay.
    onSuccess: () => leave('/auth', PASSWORD_RESET_DONE),
    onError: (error) => {
      if (error instanceof ApiError && error.fields.token) return onInvalidToken();
      setFormError(applyServerError(form.setError, error, { newPassword: 'newPassword' }));
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    reset.mutate(values);
  });
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <Field
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint="6 caractères minimum"
        autoFocus
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <Field label="Confirmer le mot de passe" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      <FormAlert message={formError} />
      <Button type="submit" className="w-full" disabled={reset.isPending || reset.isSuccess}>
        {reset.isPending ? 'Enregistrement...' : 'Enregistrer le mot de passe'}
      </Button>
    </form>
  );
}
