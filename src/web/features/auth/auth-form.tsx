import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { signUpSchema, type SignUpInput } from '../../../shared/api/auth.ts';
import { authMessages } from '../../../shared/messages/auth.ts';
import { api, ApiError } from '../../lib/api.ts';
import { publicConfigQuery, usePublicConfig } from '../../lib/queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

export type AuthMode = 'sign-in' | 'sign-up';

/** With two-factor authentication on, a correct password opens no session yet. */
interface SignInAnswer {
  twoFactorRedirect?: boolean;
}

type Outcome = 'signed-in' | 'needs-confirmation' | 'needs-second-factor';

/**
 * Sign-in and sign-up on /auth (docs/product/spec.md « /auth » and section 5). `notice` and `defaultEmail`:
 * back from a two-factor step that expired, its message and the address already typed.
 * The invitation page (issue 16) locks the address (`lockedEmail`), asks the newcomer's name
 * for the team's « Historique » (`askName`) and stays where it is once signed in (`returnTo`).
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
}: {
  mode: AuthMode;
  notice?: string;
  defaultEmail?: string;
  lockedEmail?: string;
  askName?: boolean;
  returnTo?: string;
  onVerifyEmail: (email: string) => void;
  onSecondFactor: (email: string) => void;
  onForgotPassword: (email: string) => void;
}) {
  const completeSignIn = useCompleteSignIn(returnTo);
  const queryClient = useQueryClient();
  const { data: config } = usePublicConfig();
  const [serverError, setServerError] = useState<string | null>(notice ?? null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: lockedEmail ?? defaultEmail, password: '', name: '', restaurantName: '' },
    mode: 'onSubmit',
  });

  const submit = useMutation({
    mutationFn: async (values: SignUpInput): Promise<Outcome> => {
      if (mode === 'sign-in') {
        const answer = await api<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body: { email: values.email, password: values.password } });
        return answer?.twoFactorRedirect ? 'needs-second-factor' : 'signed-in';
      }
      await api('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: values.email, password: values.password, name: values.name || undefined, restaurantName: values.restaurantName || undefined },
      });
      // The answer carries no session token (it stays in its http-only cookie): whether a
      // session was opened follows from the server's configuration.
      const { emailConfirmationRequired } = config ?? (await queryClient.fetchQuery(publicConfigQuery));
      return emailConfirmationRequired ? 'needs-confirmation' : 'signed-in';
    },
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
      const message = error instanceof ApiError && error.status !== 0 && error.code !== 'internal' ? error.message : fallback;
      setServerError(message);
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fields)) {
          if (field === 'email' || field === 'password' || field === 'name' || field === 'restaurantName') form.setError(field, { message: text });
        }
      }
      toast.error(message);
    },
  });

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))} className="space-y-4">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="vous@restaurant.fr"
        readOnly={lockedEmail !== undefined}
        hint={lockedEmail !== undefined ? 'L’adresse à laquelle l’invitation a été envoyée.' : undefined}
        error={errors.email?.message}
        {...form.register('email')}
      />
      {mode === 'sign-up' && askName && (
        <Field label="Votre nom" autoComplete="name" placeholder="Marie Dupont" hint="Affiché à l’équipe dans l’historique des modifications." error={errors.name?.message} {...form.register('name')} />
      )}
      <Field
        label="Mot de passe"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        autoFocus={Boolean(defaultEmail) && !askName}
        error={errors.password?.message}
        hint={mode === 'sign-up' ? '6 caractères minimum' : undefined}
        {...form.register('password')}
      />
      {mode === 'sign-in' && (
        <button type="button" onClick={() => onForgotPassword(form.getValues('email'))} className="-mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          Mot de passe oublié ?
        </button>
      )}
      {mode === 'sign-up' && !lockedEmail && (
        <Field
          label="Nom du restaurant (optionnel)"
          placeholder="Mon Restaurant"
          autoComplete="organization"
          error={errors.restaurantName?.message}
          {...form.register('restaurantName')}
        />
      )}
      <FormAlert message={serverError} />
      <Button type="submit" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? 'Veuillez patienter...' : mode === 'sign-in' ? 'Se connecter' : 'Créer mon compte'}
      </Button>
    </form>
  );
}
