import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '../../../shared/api/products.ts';
import { api } from '../../lib/api.ts';
import type { Versioned } from '../../lib/versions.ts';

export const productsQueryKey = ['products'] as const;

/** GET /api/products: every member reads them. */
export function useProducts() {
  return useQuery({
    queryKey: productsQueryKey,
    queryFn: async () => (await api<{ products: Product[] }>('/api/products')).products,
  });
}

/** A product's change recomputes the recipes using it (docs/product/products.md): both lists are refetched. */
export function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['recipes'] }),
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
