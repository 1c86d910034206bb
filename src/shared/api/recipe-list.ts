/**
 * Recipes a page of « Mes Recettes » holds (src/web/features/recipes/api.ts, bench/growth.ts): a
 * wide screen's worth, small at 2,000 recipes. Apart from recipes.ts so the web app reads it
 * without zod (bench/js-size.mjs).
 */
export const RECIPES_PER_PAGE = 48;
