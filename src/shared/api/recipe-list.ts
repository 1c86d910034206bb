import type { AllergenStatus } from '../allergens.ts';

/**
 * Recipes a page of « Mes Recettes » holds (src/web/features/recipes/api.ts, bench/growth.ts): a
 * wide screen's worth, small at 2,000 recipes. Apart from recipes.ts so the web app reads it
 * without zod (bench/js-size.mjs).
 */
export const RECIPES_PER_PAGE = 48;

/** GET /api/recipes?limit=N[&allergenStatus=…][&after=ID] (docs/product/api.md). */
export function recipePagePath(limit: number, allergenStatus?: AllergenStatus, after?: string | null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (allergenStatus) params.set('allergenStatus', allergenStatus);
  if (after) params.set('after', after);
  return `/api/recipes?${params}`;
}
