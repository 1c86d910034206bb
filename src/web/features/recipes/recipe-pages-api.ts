import { useInfiniteQuery } from '@tanstack/react-query';
import { recipePagePath, RECIPES_PER_PAGE } from '../../../shared/api/recipe-list.ts';
import type { Recipe, RecipePage } from '../../../shared/api/recipes.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * « Mes Recettes » a page at a time (GET /api/recipes?limit&after, docs/product/api.md),
 * optionally only the recipes whose allergens are `unverified`. Under `queryKeys.recipes.all`, so every
 * change refetches it. Apart from api.ts: only this page pays for `useInfiniteQuery`
 * (bench/js-size.mjs; api.ts is shared by the dashboard and the meal plans).
 */
export function useRecipePages(allergenStatus?: Recipe['allergenStatus']) {
  return useInfiniteQuery({
    queryKey: queryKeys.recipes.pages(allergenStatus ?? 'all'),
    queryFn: ({ pageParam, signal }) =>
      api<RecipePage>(recipePagePath(RECIPES_PER_PAGE, allergenStatus, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter,
  });
}
