import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordConfirmInput } from '../../../shared/api/auth.ts';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/queries.ts';

/** POST /api/auth/two-factor/disable. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) => api('/api/auth/two-factor/disable', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
