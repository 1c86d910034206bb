import { formuleChoicesText, type Formule } from '../../../shared/api/formules.ts';
import type { MenuSection } from '../../../shared/api/menus.ts';
import type { AllergenStatus } from '../../../shared/allergens.ts';
import { dinerMeatOrigins } from '../../../shared/diner-meat-origins.ts';
import type { MeatOrigin } from '../../../shared/meat-origin.ts';
import type { ProductOrigin } from '../../../shared/product-origins.ts';

/** What the printed carte needs of a recipe (src/shared/api/recipes.ts `Recipe`). */
export interface CarteRecipe {
  id: string;
  allergens: readonly string[];
  traces: readonly string[];
  allergenStatus: AllergenStatus;
  homemade: boolean;
  meatOrigins: readonly MeatOrigin[];
  /** The meats its products bring (stored facts): shown when they agree and nothing is declared. */
  origins: readonly ProductOrigin[];
  /** The owner's flag: meat of unknown origin (src/shared/diner-meat-origins.ts `recipeOriginMissing`). */
  meatOriginMissing: boolean;
}

export interface CarteDish {
  id: string;
  name: string;
  description: string;
  /** Euros TTC; null: no price yet (the owner is told above the sheet, nothing printed). */
  price: number | null;
  allergens: readonly string[];
  traces: readonly string[];
  /** `unverified`: « demandez au personnel » instead of a list a diner could trust. */
  allergenStatus: AllergenStatus;
  homemade: boolean;
  /** « Bœuf · Origine : France », in the decree's words; meats of unknown origin are left out. */
  origins: string[];
}

export interface Carte {
  formules: { id: string; name: string; price: number; text: string }[];
  sections: { id: string; name: string; description: string; dishes: CarteDish[] }[];
  /** Dishes printed without a price: the law asks for one (docs/product/decisions.md 18). */
  unpriced: string[];
  /** Dishes with meat of unknown origin (declared incomplete, or products that disagree or say too little): printed without one. */
  originMissing: string[];
}

const byOrder = <T extends { displayOrder: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.displayOrder - b.displayOrder);

/**
 * The printed A4 carte (docs/product/formules.md): the formules first, then the available dishes by section
 * with their price, « Fait maison », meat origins and allergens, as diners read them on the
 * public page (src/server/features/public-menu/render.ts); a sold-out dish stays on paper.
 */
export function buildCarte(
  sections: readonly MenuSection[],
  recipes: readonly CarteRecipe[],
  formules: readonly Formule[],
): Carte {
  const recipeById = new Map(recipes.map((r) => [r.id, r]));
  const unpriced: string[] = [];
  const originMissing: string[] = [];
  const ordered = byOrder(sections);
  const carteSections = ordered
    .map((section) => ({
      id: section.id,
      name: section.name,
      description: section.description,
      dishes: byOrder(section.items)
        .filter((item) => item.isAvailable)
        .map((item): CarteDish => {
          const recipe = item.recipe ? recipeById.get(item.recipe.id) : undefined;
          const lists = recipe ?? item.labels;
          if (recipe?.meatOriginMissing) originMissing.push(item.name);
          const origins = recipe
            ? dinerMeatOrigins(recipe.meatOrigins, recipe.origins).map((o) => `${o.meat} · ${o.text}`)
            : [];
          if (item.price === null) unpriced.push(item.name);
          return {
            id: item.id,
            name: item.name,
            description: item.description,
            price: item.price,
            allergens: lists?.allergens ?? [],
            traces: lists?.traces ?? [],
            allergenStatus: lists?.allergenStatus ?? 'unverified',
            homemade: recipe?.homemade ?? false,
            origins,
          };
        }),
    }))
    .filter((s) => s.dishes.length > 0);
  const names = new Map(ordered.map((s) => [s.id, s.name]));
  return {
    formules: formules
      .map((f) => ({
        id: f.id,
        name: f.name,
        price: f.price,
        text: formuleChoicesText(
          f.choices.map((ids) => ids.flatMap((id) => names.get(id) ?? [])),
          'ou',
        ),
      }))
      .filter((f) => f.text !== ''),
    sections: carteSections,
    unpriced,
    originMissing: [...new Set(originMissing)],
  };
}
