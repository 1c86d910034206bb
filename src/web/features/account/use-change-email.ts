import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput } from '../../../shared/api/auth.ts';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/queries.ts';

/** POST /api/auth/change-email: at once without mail, after the link sent to the new address with it. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => api('/api/auth/change-email', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
