import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoUploadResult } from '../../../shared/api/photos.ts';
import { RECIPES_PER_PAGE } from '../../../shared/api/recipe-list.ts';
import type { IngredientHit, Recipe, RecipeInput, RecipePage, RecipeSummary } from '../../../shared/api/recipes.ts';
import { api, apiUpload } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/queries.ts';

export const recipesQueryKey = ['recipes'] as const;

export function useRecipes() {
  return useQuery({ queryKey: recipesQueryKey, queryFn: async () => (await api<{ recipes: Recipe[] }>('/api/recipes')).recipes });
}

type AllergenStatus = Recipe['allergenStatus'];

const pagePath = (limit: number, allergenStatus: AllergenStatus | undefined, after?: string | null) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (allergenStatus) params.set('allergenStatus', allergenStatus);
  if (after) params.set('after', after);
  return `/api/recipes?${params}`;
};

/**
 * The list a page at a time (GET /api/recipes?limit&after, docs/product/api.md), optionally only
 * the recipes whose allergens are `unverified`. Under `recipesQueryKey`, so every change refetches it.
 */
export function useRecipePages(allergenStatus?: AllergenStatus) {
  return useInfiniteQuery({
    queryKey: [...recipesQueryKey, 'pages', allergenStatus ?? 'all'],
    queryFn: ({ pageParam, signal }) => api<RecipePage>(pagePath(RECIPES_PER_PAGE, allergenStatus, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter,
  });
}

/** Every recipe in short (GET /api/recipes?view=summary): what the meal plans and the menu editor's picker show. */
export function useRecipeSummaries() {
  return useQuery({
    queryKey: [...recipesQueryKey, 'summaries'],
    queryFn: async ({ signal }) => (await api<{ recipes: RecipeSummary[] }>('/api/recipes?view=summary', { signal })).recipes,
  });
}

/** How many recipes have this allergen status (one recipe's page and its `total`). */
export function useRecipeCount(allergenStatus: AllergenStatus) {
  return useQuery({
    queryKey: [...recipesQueryKey, 'count', allergenStatus],
    queryFn: async ({ signal }) => (await api<RecipePage>(pagePath(1, allergenStatus), { signal })).total,
  });
}

/** After any change the list and the usage counters are refetched (docs/product/spec.md: usage refetched after save). */
function useInvalidateRecipes() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: recipesQueryKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]);
}

export function useSaveRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RecipeInput }) =>
      id ? api<Recipe>(`/api/recipes/${id}`, { method: 'PUT', body: input }) : api<Recipe>('/api/recipes', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

export function useDeleteRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({ mutationFn: (id: string) => api<void>(`/api/recipes/${id}`, { method: 'DELETE' }), onSettled: invalidate });
}

/** Sends a recipe's photo (`file`), or removes it (`null`); the list is refetched either way. */
export function useRecipePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recipeId, file }: { recipeId: string; file: File | null }): Promise<PhotoUploadResult | undefined> =>
      file ? apiUpload<PhotoUploadResult>(`/api/recipes/${recipeId}/photo`, file) : api<undefined>(`/api/recipes/${recipeId}/photo`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recipesQueryKey }),
  });
}

export async function searchIngredients(query: string, signal?: AbortSignal): Promise<IngredientHit[]> {
  const params = new URLSearchParams({ q: query, limit: '10' });
  return (await api<{ hits: IngredientHit[] }>(`/api/catalogue/ingredients?${params}`, { signal })).hits;
}
