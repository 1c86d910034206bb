import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { accountSessionsQueryKey } from './use-account-sessions.ts';

/** POST /api/auth/change-password: the other devices are signed out, this one gets a new session. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
