import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { signInFormSchema, signUpSchema, type SignUpInput } from '../../../shared/api/auth.ts';
import { authMessages } from '../../../shared/messages/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { useTakeDraft } from '../../lib/form-draft.ts';
import { AuthFields, authDraft, type AuthFormSetting } from './auth-fields.tsx';
import { useSignInOrUp } from './api.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

/**
 * Sign-in and sign-up on /auth (docs/product/spec.md « /auth » and section 5). `notice` and `defaultEmail`:
 * back from a two-factor step that expired, its message and the address already typed.
 * The invitation page (docs/product/organisations.md) locks the address (`lockedEmail`), asks the newcomer's name
 * for the team's « Historique » (`askName`) and stays where it is once signed in (`returnTo`).
 * Its code loads after the page has painted; AuthFormStandIn (auth-fields.tsx) shows the same
 * fields until then and hands over what was typed.
 */
export function AuthForm({
  mode,
  notice,
  defaultEmail = '',
  lockedEmail,
  askName = false,
  returnTo,
  onVerifyEmail,
  onSecondFactor,
  onForgotPassword,
}: AuthFormSetting & {
  returnTo?: string;
  onVerifyEmail: (email: string) => void;
  onSecondFactor: (email: string) => void;
  onForgotPassword: (email: string) => void;
}) {
  const completeSignIn = useCompleteSignIn(returnTo);
  const [serverError, setServerError] = useState<string | null>(notice ?? null);
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  const form = useForm<SignUpInput>({
    // Signing in checks what sign-in accepts: a password chosen before the 8-character rule still
    // opens the account. Read at each check, as the page switches between its two modes.
    resolver: (values, context, options) =>
      zodResolver(modeRef.current === 'sign-in' ? signInFormSchema : signUpSchema)(values, context, options),
    defaultValues: { email: lockedEmail ?? defaultEmail, password: '', name: '', restaurantName: '' },
    mode: 'onSubmit',
  });

  const submit = useSignInOrUp(mode, {
    onSuccess: (outcome, values) => {
      setServerError(null);
      if (outcome === 'needs-second-factor') return onSecondFactor(values.email);
      if (outcome === 'needs-confirmation') {
        toast.success(authMessages.signUpConfirm);
        onVerifyEmail(values.email);
        return;
      }
      completeSignIn(mode === 'sign-in' ? authMessages.loginSuccess : authMessages.signUpSuccess);
    },
    onError: (error) => {
      const fallback = mode === 'sign-in' ? authMessages.loginError : authMessages.signUpError;
      const message =
        error instanceof ApiError && error.status !== 0 && error.code !== 'internal' ? error.message : fallback;
      setServerError(message);
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fields)) {
          if (field === 'email' || field === 'password' || field === 'name' || field === 'restaurantName')
            form.setError(field, { message: text });
        }
      }
      toast.error(message);
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  const onSubmit = form.handleSubmit((values) => submit.mutate(values));
  useTakeDraft(authDraft, {
    setValue: (name, value) => {
      if (
        name === 'password' ||
        name === 'name' ||
        name === 'restaurantName' ||
        (name === 'email' && lockedEmail === undefined)
      )
        form.setValue(name, value);
    },
    root: () => formRef.current,
    submit: () => void onSubmit(),
  });

  const { errors } = form.formState;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <AuthFields
        mode={mode}
        defaultEmail={defaultEmail}
        lockedEmail={lockedEmail}
        askName={askName}
        input={(name) => form.register(name)}
        errors={{
          email: errors.email?.message,
          password: errors.password?.message,
          name: errors.name?.message,
          restaurantName: errors.restaurantName?.message,
        }}
        alert={serverError}
        busy={submit.isPending}
        onForgotPassword={() => onForgotPassword(form.getValues('email'))}
      />
    </form>
  );
}
