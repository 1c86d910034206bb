import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/queries.ts';
import { accountSessionsQueryKey } from './use-account-sessions.ts';

/** POST /api/auth/two-factor/verify-totp while signed in: the first code turns two-factor on (and renews the session). */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
      ]),
  });
}
