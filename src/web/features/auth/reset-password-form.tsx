import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../shared/api/password-forms.ts';
import { ApiError } from '../../lib/api.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';
import { useTakeDraft } from '../../lib/form-draft.ts';
import { useResetPassword } from './api.ts';
import { ResetPasswordFields, resetPasswordDraft } from './reset-password-fields.tsx';

export const PASSWORD_RESET_DONE = 'Mot de passe modifié. Connectez-vous avec votre nouveau mot de passe.';

/**
 * The new password of /reset-password; every session of the account ends with it. Loaded after
 * the page has painted; ResetPasswordStandIn (reset-password-fields.tsx) stands in until then.
 */
export function ResetPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const leave = useLeaveSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const reset = useResetPassword(token, {
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
  const formRef = useRef<HTMLFormElement>(null);
  useTakeDraft(resetPasswordDraft, {
    setValue: (name, value) => {
      if (name === 'newPassword' || name === 'confirmPassword') form.setValue(name, value);
    },
    root: () => formRef.current,
    submit: () => void submit(),
  });
  return (
    <form ref={formRef} noValidate className="space-y-4" onSubmit={submit}>
      <ResetPasswordFields
        input={(name) => form.register(name)}
        errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        alert={formError}
        busy={reset.isPending || reset.isSuccess}
      />
    </form>
  );
}
