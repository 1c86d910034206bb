import type { InputHTMLAttributes, Ref } from 'react';
import { FormDraft, useDraftSource } from '../../lib/form-draft.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';

export type AuthMode = 'sign-in' | 'sign-up';

export type AuthFieldName = 'email' | 'password' | 'name' | 'restaurantName';

/** Where the sign-in and sign-up form is shown: /auth, or an invitation with its address locked. */
export interface AuthFormSetting {
  mode: AuthMode;
  notice?: string | undefined;
  defaultEmail?: string | undefined;
  lockedEmail?: string | undefined;
  askName?: boolean | undefined;
}

/** The address field of sign-in, sign-up and « Mot de passe oublié ». */
export const ACCOUNT_EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  placeholder: 'vous@restaurant.fr',
} as const;

/** The props an input gets: react-hook-form's `register(name)`, or the stand-in's plain input. */
export type FieldInputProps = InputHTMLAttributes<HTMLInputElement> & { name: string; ref?: Ref<HTMLInputElement> };

/**
 * The sign-in and sign-up fields, shared by the form (auth-form.tsx, with react-hook-form and
 * zod) and by its stand-in below, so both draw the same page.
 */
export function AuthFields({
  mode,
  defaultEmail,
  lockedEmail,
  askName,
  input,
  errors = {},
  alert,
  busy,
  onForgotPassword,
}: AuthFormSetting & {
  input: (name: AuthFieldName) => FieldInputProps;
  errors?: Partial<Record<AuthFieldName, string | undefined>>;
  alert: string | null;
  busy: boolean;
  onForgotPassword: () => void;
}) {
  return (
    <>
      {/* RGAA 11.10: a form whose every field is required says so (sign-up marks its optional one). */}
      {mode === 'sign-in' && <p className="text-sm text-stone-600">Tous les champs sont obligatoires.</p>}
      <Field
        {...ACCOUNT_EMAIL_FIELD}
        readOnly={lockedEmail !== undefined}
        hint={lockedEmail !== undefined ? 'L’adresse à laquelle l’invitation a été envoyée.' : undefined}
        error={errors.email}
        {...input('email')}
      />
      {mode === 'sign-up' && askName && (
        <Field
          label="Votre nom"
          autoComplete="name"
          placeholder="Marie Dupont"
          hint="Affiché à l’équipe dans l’historique des modifications."
          error={errors.name}
          {...input('name')}
        />
      )}
      <Field
        label="Mot de passe"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        autoFocus={Boolean(defaultEmail) && !askName}
        error={errors.password}
        hint={mode === 'sign-up' ? '6 caractères minimum' : undefined}
        {...input('password')}
      />
      {mode === 'sign-in' && (
        // data-forgot-password: the server's paint of /auth is this markup, and its small script finds the button by it (src/web/landing/landing-script.ts).
        <button
          type="button"
          data-forgot-password=""
          onClick={onForgotPassword}
          className="-mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Mot de passe oublié ?
        </button>
      )}
      {mode === 'sign-up' && !lockedEmail && (
        <Field
          label="Nom du restaurant (optionnel)"
          placeholder="Mon Restaurant"
          autoComplete="organization"
          error={errors.restaurantName}
          {...input('restaurantName')}
        />
      )}
      <FormAlert message={alert} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Veuillez patienter...' : mode === 'sign-in' ? 'Se connecter' : 'Créer mon compte'}
      </Button>
    </>
  );
}

/** What the stand-in hands over to the form (src/web/lib/form-draft.ts). */
export const authDraft = new FormDraft();

/**
 * The form while its code loads: the same fields, live; a submit waits for the form, which
 * makes it again with what was typed.
 */
export function AuthFormStandIn({
  onForgotPassword,
  ...setting
}: AuthFormSetting & { onForgotPassword: (email: string) => void }) {
  const { formRef, onSubmit, submitted } = useDraftSource(authDraft);
  const email = setting.lockedEmail ?? setting.defaultEmail ?? '';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" data-stand-in="">
      <AuthFields
        {...setting}
        input={(name) => ({ name, defaultValue: name === 'email' ? email : '' })}
        alert={setting.notice ?? null}
        busy={submitted}
        onForgotPassword={() =>
          onForgotPassword(formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? email)
        }
      />
    </form>
  );
}
