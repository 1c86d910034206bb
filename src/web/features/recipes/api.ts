import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoUploadResult } from '../../../shared/api/photos.ts';
import { recipePagePath } from '../../../shared/api/recipe-list.ts';
import type {
  IngredientHit,
  Recipe,
  RecipeCostRow,
  RecipeInput,
  RecipePage,
  RecipeSummary,
} from '../../../shared/api/recipes.ts';
import type { Product } from '../../../shared/api/products.ts';
import { api, apiUpload, ifMatch } from '../../lib/api.ts';
import type { Versioned } from '../../lib/versions.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useRecipes() {
  return useQuery({
    queryKey: queryKeys.recipes.all,
    queryFn: async ({ signal }) => (await api<{ recipes: Recipe[] }>('/api/recipes', { signal })).recipes,
  });
}

/** Every recipe in short (GET /api/recipes?view=summary): what the meal plans and the menu editor's picker show. */
export function useRecipeSummaries() {
  return useQuery({
    queryKey: queryKeys.recipes.summaries,
    queryFn: async ({ signal }) =>
      (await api<{ recipes: RecipeSummary[] }>('/api/recipes?view=summary', { signal })).recipes,
  });
}

/** Every recipe's cost and margins only (GET /api/recipes?view=costs): the « Coûts » table. */
export function useRecipeCosts() {
  return useQuery({
    queryKey: queryKeys.recipes.costs,
    queryFn: async ({ signal }) =>
      (await api<{ recipes: RecipeCostRow[] }>('/api/recipes?view=costs', { signal })).recipes,
  });
}

/** How many recipes have this allergen status (one recipe's page and its `total`). */
export const recipeCountQuery = (allergenStatus: Recipe['allergenStatus']) =>
  queryOptions({
    queryKey: queryKeys.recipes.count(allergenStatus),
    queryFn: async ({ signal }) => (await api<RecipePage>(recipePagePath(1, allergenStatus), { signal })).total,
  });

/**
 * How many recipes have their allergens confirmed, and how many not; undefined while either loads.
 * `staleTime`: an answer this young is not fetched again on mount (a page whose data was prefetched).
 */
export function useRecipeCounts({ staleTime }: { staleTime?: number } = {}):
  { declared: number; unverified: number } | undefined {
  const declared = useQuery({ ...recipeCountQuery('declared'), staleTime }).data;
  const unverified = useQuery({ ...recipeCountQuery('unverified'), staleTime }).data;
  return declared === undefined || unverified === undefined ? undefined : { declared, unverified };
}

/** After any change the list and the usage counters are refetched (docs/product/spec.md: usage refetched after save). */
function useInvalidateRecipes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
}

export function useSaveRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Versioned<RecipeInput> }) =>
      id
        ? api<Recipe>(`/api/recipes/${id}`, { method: 'PUT', body: input })
        : api<Recipe>('/api/recipes', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** The saved recipe now (a conflict notice compares it with what the form opened). */
export const fetchRecipe = (id: string, signal?: AbortSignal) =>
  api<Recipe>(`/api/recipes/${encodeURIComponent(id)}`, { signal });

/** The recipe an address asks to open in its form (/recipes?modifier=<id>, from « Coûts »), or none. */
export function useRecipeToEdit(id: string | null) {
  return useQuery({
    queryKey: queryKeys.recipes.toEdit(id ?? ''),
    queryFn: ({ signal }) => fetchRecipe(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useDeleteRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    // `removeFromPlans`: the owner confirmed the days the server named (docs/product/meal-plans.md « Publishing »).
    mutationFn: ({ id, removeFromPlans = false }: { id: string; removeFromPlans?: boolean }) =>
      api<void>(`/api/recipes/${id}${removeFromPlans ? '?plannedDays=remove' : ''}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** Sends a recipe's photo (`file`), or removes it (`null`); the list is refetched either way. */
export function useRecipePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      recipeId,
      file,
      version,
    }: {
      recipeId: string;
      file: File | null;
      /** The recipe's version the form holds: a photo over someone else's save answers 409. */
      version?: number | undefined;
    }): Promise<PhotoUploadResult | undefined> =>
      file
        ? apiUpload<PhotoUploadResult>(`/api/recipes/${recipeId}/photo`, file, version)
        : api<undefined>(`/api/recipes/${recipeId}/photo`, { method: 'DELETE', headers: ifMatch(version) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all }),
  });
}

async function searchIngredients(query: string, signal?: AbortSignal): Promise<IngredientHit[]> {
  const params = new URLSearchParams({ q: query, limit: '10' });
  return (await api<{ hits: IngredientHit[] }>(`/api/catalogue/ingredients?${params}`, { signal })).hits;
}

/** The Ciqual catalogue's first 10 foods matching `query` (GET /api/catalogue/ingredients), kept 5 minutes. */
export function useIngredientSearch(query: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ingredients(query),
    queryFn: ({ signal }) => searchIngredients(query, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The organisation's products with their prices, for the form's live cost: the same query as
 * « Mes produits » (src/web/features/products/api.ts), so both share one answer. Only a role
 * that sees costs reads prices (the server blanks them for the others).
 */
export function useProductPrices() {
  return useQuery({
    queryKey: queryKeys.products,
    queryFn: async ({ signal }) => (await api<{ products: Product[] }>('/api/products', { signal })).products,
  });
}
