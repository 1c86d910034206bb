import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import { api, ApiError } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * How long a page's observers take a prefetched answer as fresh (their `staleTime`): the
 * dashboard's data is fetched before the page renders (src/web/pages/dashboard/prefetch.ts), and
 * must not be fetched a second time when the page mounts a moment later. Any change still
 * refreshes it at once (mutations invalidate their keys).
 */
export const PREFETCHED_FRESH_MS = 5_000;

/**
 * Whether this page load may skip asking: the server marks <html data-session> when the request
 * carried a session cookie (src/server/web-app/static.ts). Without the mark there is no session, so
 * the first ask answers null without a request (and without the 401 a browser logs as an error,
 * Lighthouse's « errors in console » on /auth). Any later ask goes to the server: a sign-in
 * since then has set the cookie.
 */
// The Vite dev server serves index.html without the mark: there, every ask goes to the server.
let firstAsk = import.meta.env.PROD && typeof document !== 'undefined';

/** GET /api/me: the signed-in account, or null when there is no session. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ signal }) => {
    const known = firstAsk && !document.documentElement.hasAttribute('data-session');
    firstAsk = false;
    if (known) return null;
    try {
      return await api<MeResponse>('/api/me', { signal });
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
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
