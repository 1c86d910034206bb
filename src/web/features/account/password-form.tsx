import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '../../../shared/api/password-forms.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { useChangePassword } from './api.ts';
import { PASSWORD_CHANGED, PASSWORD_FIELDS } from './account-fields.ts';

/** The form of « Mot de passe » (password-card.tsx): the current one, the new one twice. */
export function PasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setFormError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast.success(PASSWORD_CHANGED);
        },
        onError: (error) =>
          setFormError(
            applyServerError(form.setError, error, {
              password: 'currentPassword',
              currentPassword: 'currentPassword',
              newPassword: 'newPassword',
            }),
          ),
      },
    );
  });
  return (
    <form noValidate className="max-w-md space-y-3" onSubmit={submit}>
      <Field
        {...PASSWORD_FIELDS.currentPassword}
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <Field {...PASSWORD_FIELDS.newPassword} error={errors.newPassword?.message} {...form.register('newPassword')} />
      <Field
        {...PASSWORD_FIELDS.confirmPassword}
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <FormAlert message={formError} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Enregistrement...' : 'Modifier le mot de passe'}
      </Button>
    </form>
  );
}
