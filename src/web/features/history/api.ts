import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../../../shared/api/organisations.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export interface HistoryPage {
  events: AuditEvent[];
  /** The `before` of the next (older) page, or null at the beginning of the history. */
  nextBefore: string | null;
}

/**
 * One page of GET /api/organisation/history?before= (owners), newest first; `before` is null for
 * the newest page. « Voir plus » asks for the next one (a plain query per page keeps
 * useInfiniteQuery's code out of the bundles, bench/js-size.mjs).
 */
export function useOrganisationHistoryPage(before: string | null) {
  return useQuery({
    queryKey: queryKeys.organisation.history(before),
    queryFn: ({ signal }) =>
      api<HistoryPage>(`/api/organisation/history${before ? `?before=${encodeURIComponent(before)}` : ''}`, { signal }),
  });
}

/** GET /api/recipes/:id/history: every change of one recipe, newest first. */
export function useRecipeHistory(recipeId: string) {
  return useQuery({
    queryKey: queryKeys.recipes.history(recipeId),
    queryFn: async ({ signal }) =>
      (await api<{ events: AuditEvent[] }>(`/api/recipes/${encodeURIComponent(recipeId)}/history`, { signal })).events,
  });
}
