import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstablishmentProfile, MeResponse } from '../../../shared/api/account.ts';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/queries.ts';

/** PUT /api/account/profile; the header, the dashboard and the printed documents read it from /api/me. */
export function useSaveEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EstablishmentProfile) => api<EstablishmentProfile>('/api/account/profile', { method: 'PUT', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, profile } : me));
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
