import { FormDraft, useDraftSource } from '../../lib/form-draft.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { FieldInputProps } from './auth-fields.tsx';

type ResetPasswordFieldName = 'newPassword' | 'confirmPassword';

/** The fields of /reset-password, shared by the form (reset-password-form.tsx) and its stand-in. */
export function ResetPasswordFields({
  input,
  errors = {},
  alert,
  busy,
}: {
  input: (name: ResetPasswordFieldName) => FieldInputProps;
  errors?: Partial<Record<ResetPasswordFieldName, string | undefined>>;
  alert: string | null;
  busy: boolean;
}) {
  return (
    <>
      <Field
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint="8 caractères minimum, pas un mot de passe courant"
        autoFocus
        error={errors.newPassword}
        {...input('newPassword')}
      />
      <Field
        label="Confirmer le mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...input('confirmPassword')}
      />
      <FormAlert message={alert} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Enregistrement...' : 'Enregistrer le mot de passe'}
      </Button>
    </>
  );
}

/** What the stand-in hands over to the form (src/web/lib/form-draft.ts). */
export const resetPasswordDraft = new FormDraft();

/** The new-password form while its code loads: the same live fields (auth-fields.tsx explains). */
export function ResetPasswordStandIn() {
  const { formRef, onSubmit, submitted } = useDraftSource(resetPasswordDraft);
  return (
    <form ref={formRef} noValidate className="space-y-4" onSubmit={onSubmit} data-stand-in="">
      <ResetPasswordFields input={(name) => ({ name })} alert={null} busy={submitted} />
    </form>
  );
}
