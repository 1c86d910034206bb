import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEnvironment, AdminOutbox } from '../../../shared/api/admin.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const useAdminEnvironment = () =>
  useQuery({
    queryKey: queryKeys.admin.environment,
    queryFn: ({ signal }) => api<AdminEnvironment>('/api/admin/environment', { signal }),
  });

export const useOutbox = () =>
  useQuery({
    queryKey: queryKeys.admin.outbox,
    queryFn: ({ signal }) => api<AdminOutbox>('/api/admin/outbox', { signal }),
    refetchInterval: 10_000,
  });

export function useRetryOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ retried: number }>('/api/admin/outbox/retry', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox }),
  });
}
