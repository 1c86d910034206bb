import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Formule, FormuleParsed } from '../../../shared/api/formules.ts';
import { api } from '../../lib/api.ts';
import type { MutationFeedback } from '../../lib/mutation-feedback.ts';
import type { Versioned } from '../../lib/versions.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/menus/:id/formules (src/shared/api/formules.ts). */
export function useFormules(menuId: string) {
  return useQuery({
    queryKey: queryKeys.menus.formules(menuId),
    queryFn: async ({ signal }) =>
      (await api<{ formules: Formule[] }>(`/api/menus/${encodeURIComponent(menuId)}/formules`, { signal })).formules,
  });
}

/** POST a new formule, or PUT one (`id`); the list is refetched either way. */
export function useSaveFormule(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Versioned<FormuleParsed> }) =>
      id
        ? api<Formule>(`/api/formules/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<Formule>(`/api/menus/${encodeURIComponent(menuId)}/formules`, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.menus.formules(menuId) }),
  });
}

/** The saved formule now (a conflict notice compares it with what the form opened). */
export async function fetchFormule(menuId: string, id: string): Promise<Formule> {
  const { formules } = await api<{ formules: Formule[] }>(`/api/menus/${encodeURIComponent(menuId)}/formules`);
  const found = formules.find((f) => f.id === id);
  if (!found) throw new Error('gone');
  return found;
}

/** The deleted formule's row is gone once the list is refetched: its toast comes through `feedback`. */
export function useDeleteFormule(menuId: string, feedback: MutationFeedback<string, void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/formules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: feedback.onSuccess,
    onError: feedback.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.menus.formules(menuId) }),
  });
}

/** A formule's draft is its own; a new one's is its menu's (src/web/lib/saved-drafts.ts). */
export const formuleDraftId = (menuId: string, formule: Pick<Formule, 'id'> | null) =>
  formule?.id ?? `nouvelle-${menuId}`;
