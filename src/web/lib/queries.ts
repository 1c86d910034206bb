import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import { api, ApiError } from './api.ts';

export const meQueryKey = ['me'] as const;

/**
 * How long a page's observers take a prefetched answer as fresh (their `staleTime`): the
 * dashboard's data is fetched before the page renders (src/web/pages/dashboard/prefetch.ts), and
 * must not be fetched a second time when the page mounts a moment later. Any change still
 * refreshes it at once (mutations invalidate their keys).
 */
export const PREFETCHED_FRESH_MS = 5_000;

/** GET /api/me: the signed-in account, or null when there is no session. */
export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async () => {
    try {
      return await api<MeResponse>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 30_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** GET /api/config, read once: usable with `useQuery` and with `queryClient.fetchQuery`. */
export const publicConfigQuery = queryOptions({ queryKey: ['config'], queryFn: () => api<PublicConfig>('/api/config'), staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
