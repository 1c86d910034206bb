import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '../../../shared/api/products.ts';
import { api } from '../../lib/api.ts';
import type { Versioned } from '../../lib/versions.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/products: every member reads them. */
export function useProducts() {
  return useQuery({
    queryKey: queryKeys.products,
    queryFn: async ({ signal }) => (await api<{ products: Product[] }>('/api/products', { signal })).products,
  });
}

/** A product's change recomputes the recipes using it (docs/product/products.md): both lists are refetched. */
export function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all }),
    ]);
}

export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Versioned<ProductInput> }) =>
      id
        ? api<Product>(`/api/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<Product>('/api/products', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** The saved product now (a conflict notice compares it with what the form opened). */
export const fetchProduct = (id: string) => api<Product>(`/api/products/${encodeURIComponent(id)}`);

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/products/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
