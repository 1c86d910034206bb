import { useQuery } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '../../../shared/api/account.ts';
import { api } from '../../lib/api.ts';

export const accountSessionsQueryKey = ['account', 'sessions'] as const;

/** GET /api/account/sessions: the owner's open sessions, this one flagged `current`. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionsQueryKey,
    queryFn: async () => (await api<AccountSessionsResponse>('/api/account/sessions')).sessions,
  });
}
