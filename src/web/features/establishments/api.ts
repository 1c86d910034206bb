import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Establishment, EstablishmentInput } from '../../../shared/api/organisations.ts';
import { api } from '../../lib/api.ts';
import type { Versioned } from '../../lib/versions.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/establishments: every member reads them (the menu form picks one). */
export function useEstablishments() {
  return useQuery({
    queryKey: queryKeys.establishments,
    queryFn: async ({ signal }) =>
      (await api<{ establishments: Establishment[] }>('/api/establishments', { signal })).establishments,
  });
}

/**
 * The establishment a menu belongs to (its printed documents are headed by it,
 * docs/product/organisations.md « Establishments »); undefined while the list loads.
 */
export function useEstablishment(id: string | undefined): {
  establishment: Establishment | undefined;
  isError: boolean;
} {
  const list = useEstablishments();
  return { establishment: id ? list.data?.find((e) => e.id === id) : undefined, isError: list.isError };
}

/** A change refetches the list and /api/me (its profile is the first establishment, its usage counts them). */
function useInvalidateEstablishments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.establishments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
}

export function useSaveEstablishment() {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Versioned<EstablishmentInput> }) =>
      id
        ? api<Establishment>(`/api/establishments/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<Establishment>('/api/establishments', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** The saved establishment now (a conflict notice compares it with what the form opened). */
export async function fetchEstablishment(id: string): Promise<Establishment> {
  const { establishments } = await api<{ establishments: Establishment[] }>('/api/establishments');
  const found = establishments.find((e) => e.id === id);
  if (!found) throw new Error('gone');
  return found;
}

export function useDeleteEstablishment() {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/establishments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
