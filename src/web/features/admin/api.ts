import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEnvironment, AdminOutbox } from '../../../shared/api/admin.ts';
import { api } from '../../lib/api.ts';

export const useAdminEnvironment = () =>
  useQuery({ queryKey: ['admin', 'environment'], queryFn: () => api<AdminEnvironment>('/api/admin/environment') });

export const useOutbox = () =>
  useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: () => api<AdminOutbox>('/api/admin/outbox'),
    refetchInterval: 10_000,
  });

export function useRetryOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ retried: number }>('/api/admin/outbox/retry', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
