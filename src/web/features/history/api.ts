import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../../../shared/api/organisations.ts';
import { api } from '../../lib/api.ts';

interface HistoryPage {
  events: AuditEvent[];
  /** The `before` of the next (older) page, or null at the beginning of the history. */
  nextBefore: string | null;
}

/** GET /api/organisation/history?before= (owners): newest first, page after page (« Voir plus »). */
export function useOrganisationHistory() {
  return useInfiniteQuery({
    queryKey: ['organisation', 'history'],
    queryFn: ({ pageParam }) => api<HistoryPage>(`/api/organisation/history${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** GET /api/recipes/:id/history: every change of one recipe, newest first. */
export function useRecipeHistory(recipeId: string) {
  return useQuery({
    queryKey: ['recipes', recipeId, 'history'],
    queryFn: async () => (await api<{ events: AuditEvent[] }>(`/api/recipes/${encodeURIComponent(recipeId)}/history`)).events,
  });
}
