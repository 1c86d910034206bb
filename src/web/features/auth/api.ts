import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { RequestPasswordResetInput, SignUpInput } from '../../../shared/api/auth.ts';
import type { ResetPasswordFormInput } from '../../../shared/api/password-forms.ts';
import { api } from '../../lib/api.ts';
import { publicConfigQuery, usePublicConfig } from '../../lib/queries.ts';
import type { AuthMode } from './auth-fields.tsx';

/**
 * Signing in, signing up, the second factor and the password reset (better-auth's routes,
 * docs/product/api.md « Authentication »). Each hook takes what the form does with the answer.
 */
type Reactions<TData, TVariables> = Pick<UseMutationOptions<TData, Error, TVariables>, 'onSuccess' | 'onError'>;

/** With two-factor authentication on, a correct password opens no session yet. */
interface SignInAnswer {
  twoFactorRedirect?: boolean;
}

export type AuthOutcome = 'signed-in' | 'needs-confirmation' | 'needs-second-factor';

/** POST /api/auth/sign-in/email or /api/auth/sign-up/email, as `mode` says. */
export function useSignInOrUp(mode: AuthMode, reactions: Reactions<AuthOutcome, SignUpInput>) {
  const queryClient = useQueryClient();
  const { data: config } = usePublicConfig();
  return useMutation({
    mutationFn: async (values: SignUpInput): Promise<AuthOutcome> => {
      if (mode === 'sign-in') {
        const answer = await api<SignInAnswer>('/api/auth/sign-in/email', {
          method: 'POST',
          body: { email: values.email, password: values.password },
        });
        return answer?.twoFactorRedirect ? 'needs-second-factor' : 'signed-in';
      }
      await api('/api/auth/sign-up/email', {
        method: 'POST',
        body: {
          email: values.email,
          password: values.password,
          name: values.name || undefined,
          restaurantName: values.restaurantName || undefined,
        },
      });
      // The answer carries no session token (it stays in its http-only cookie): whether a
      // session was opened follows from the server's configuration.
      const { emailConfirmationRequired } = config ?? (await queryClient.fetchQuery(publicConfigQuery));
      return emailConfirmationRequired ? 'needs-confirmation' : 'signed-in';
    },
    ...reactions,
  });
}

const SECOND_FACTOR_PATHS = {
  totp: '/api/auth/two-factor/verify-totp',
  backup: '/api/auth/two-factor/verify-backup-code',
} as const;

/** The second step of a sign-in: a code of the authenticator app, or a backup code. */
export function useVerifySecondFactor(method: keyof typeof SECOND_FACTOR_PATHS, reactions: Reactions<unknown, string>) {
  return useMutation({
    mutationFn: (code: string) => api(SECOND_FACTOR_PATHS[method], { method: 'POST', body: { code } }),
    ...reactions,
  });
}

/** POST /api/auth/request-password-reset: the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset(reactions: Reactions<unknown, RequestPasswordResetInput>) {
  return useMutation({
    mutationFn: (input: RequestPasswordResetInput) =>
      api('/api/auth/request-password-reset', { method: 'POST', body: input }),
    ...reactions,
  });
}

/** POST /api/auth/reset-password with the link's token: every session of the account ends. */
export function useResetPassword(token: string, reactions: Reactions<unknown, ResetPasswordFormInput>) {
  return useMutation({
    mutationFn: ({ newPassword }: ResetPasswordFormInput) =>
      api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
    ...reactions,
  });
}
