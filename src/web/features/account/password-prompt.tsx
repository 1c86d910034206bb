import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordConfirmSchema, type PasswordConfirmInput } from '../../../shared/api/auth.ts';
import { applyServerError } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';

/**
 * The password typed again before a sensitive change. `onSubmit` does the call; its
 * error shows under the field (wrong password) or under the form.
 */
export function PasswordPrompt({
  submitLabel,
  pendingLabel,
  destructive = false,
  schema = passwordConfirmSchema,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  schema?: typeof passwordConfirmSchema;
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordConfirmInput>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onSubmit(password);
    } catch (error) {
      setFormError(applyServerError(form.setError, error, { password: 'password' }));
    }
  });
  const pending = form.formState.isSubmitting;
  return (
    <form noValidate className="max-w-md space-y-3" onSubmit={submit}>
      <Field
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Annuler
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
