import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IngredientPrice, IngredientPriceInput, IngredientPriceList } from '../../shared/ingredient-prices.ts';
import { api } from './api.ts';
import { useCan } from './use-can.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The organisation's prices of Ciqual foods (GET/PUT/DELETE /api/ingredient-prices), read by the
 * recipe form's lines and the « Prix des ingrédients » page; a change costs every recipe again
 * on the server, so the recipes' lists are read again too. Only a role that sees costs asks.
 */
export function useIngredientPrices() {
  const seesCosts = useCan('costs:read');
  return useQuery({
    queryKey: queryKeys.ingredientPrices,
    queryFn: ({ signal }) => api<IngredientPriceList>('/api/ingredient-prices', { signal }),
    enabled: seesCosts,
  });
}

function useInvalidatePrices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.ingredientPrices }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all }),
    ]);
}

export function useSaveIngredientPrice() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: ({ code, input }: { code: string; input: IngredientPriceInput }) =>
      api<IngredientPrice>(`/api/ingredient-prices/${encodeURIComponent(code)}`, { method: 'PUT', body: input }),
    onSettled: invalidate,
  });
}

export function useDeleteIngredientPrice() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (code: string) => api<void>(`/api/ingredient-prices/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
