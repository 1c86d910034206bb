import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '../../../shared/api/password-forms.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AccountCard } from './account-card.tsx';
import { useChangePassword } from './use-change-password.ts';

export const PASSWORD_CHANGED = 'Mot de passe modifié. Vos autres appareils ont été déconnectés.';

/** « Mot de passe »: the current one, the new one twice; the other devices are signed out. */
export function PasswordCard() {
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
          setFormError(applyServerError(form.setError, error, { password: 'currentPassword', currentPassword: 'currentPassword', newPassword: 'newPassword' })),
      },
    );
  });
  return (
    <AccountCard title="Mot de passe" description="Vos autres appareils seront déconnectés ; cet appareil reste connecté.">
      <form noValidate className="max-w-md space-y-3" onSubmit={submit}>
        <Field label="Mot de passe actuel" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
        <Field
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          hint="6 caractères minimum"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Field
          label="Confirmer le nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <FormAlert message={formError} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Enregistrement...' : 'Modifier le mot de passe'}
        </Button>
      </form>
    </AccountCard>
  );
}
