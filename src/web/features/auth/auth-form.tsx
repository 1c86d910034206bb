import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signUpSchema, type SignUpInput } from '../../../shared/api/auth.ts';
import { messages } from '../../../shared/messages.ts';
import { api, ApiError } from '../../lib/api.ts';
import { meQueryKey, usePublicConfig } from '../../lib/queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { REDIRECT_DELAY_MS } from './use-sign-out.ts';

export type AuthMode = 'sign-in' | 'sign-up';

interface SignUpAnswer {
  token: string | null;
}

/** Sign-in and sign-up on /auth (SPEC.md « /auth » and section 5). */
export function AuthForm({ mode, onVerifyEmail }: { mode: AuthMode; onVerifyEmail: (email: string) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: config } = usePublicConfig();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', restaurantName: '' },
    mode: 'onSubmit',
  });

  const submit = useMutation({
    mutationFn: async (values: SignUpInput) => {
      if (mode === 'sign-in') {
        await api('/api/auth/sign-in/email', { method: 'POST', body: { email: values.email, password: values.password } });
        return { needsConfirmation: false };
      }
      const answer = await api<SignUpAnswer>('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: values.email, password: values.password, restaurantName: values.restaurantName || undefined },
      });
      return { needsConfirmation: !answer?.token && Boolean(config?.emailConfirmationRequired) };
    },
    onSuccess: ({ needsConfirmation }, values) => {
      setServerError(null);
      if (needsConfirmation) {
        toast.success(messages.auth.signUpConfirm);
        onVerifyEmail(values.email);
        return;
      }
      toast.success(mode === 'sign-in' ? messages.auth.loginSuccess : messages.auth.signUpSuccess);
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        void navigate('/dashboard', { replace: true });
      }, REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      const fallback = mode === 'sign-in' ? messages.auth.loginError : messages.auth.signUpError;
      const message = error instanceof ApiError && error.status !== 0 && error.code !== 'internal' ? error.message : fallback;
      setServerError(message);
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fields)) {
          if (field === 'email' || field === 'password' || field === 'restaurantName') form.setError(field, { message: text });
        }
      }
      toast.error(message);
    },
  });

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))} className="space-y-4">
      <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="vous@restaurant.fr" error={errors.email?.message} {...form.register('email')} />
      <Field
        label="Mot de passe"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        error={errors.password?.message}
        hint={mode === 'sign-up' ? '6 caractères minimum' : undefined}
        {...form.register('password')}
      />
      {mode === 'sign-up' && (
        <Field
          label="Nom du restaurant (optionnel)"
          placeholder="Mon Restaurant"
          autoComplete="organization"
          error={errors.restaurantName?.message}
          {...form.register('restaurantName')}
        />
      )}
      {serverError && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? 'Veuillez patienter...' : mode === 'sign-in' ? 'Se connecter' : 'Créer mon compte'}
      </Button>
    </form>
  );
}
