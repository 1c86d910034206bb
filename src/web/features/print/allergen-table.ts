import type { MenuSection } from '../../../shared/api/menus.ts';
import { ALLERGEN_NAMES, type AllergenStatus } from '../../../shared/allergens.ts';
import { dinerMeatOrigins } from '../../../shared/diner-meat-origins.ts';
import type { MeatOrigin } from '../../../shared/meat-origin.ts';
import type { ProductOrigin } from '../../../shared/product-origins.ts';

export type AllergenPresence = 'contains' | 'traces' | 'none';

export interface AllergenRow {
  itemId: string;
  /** The dish as the menu names it. */
  name: string;
  /** The recipe's own name, when the menu renamed the dish. */
  recipeName: string | null;
  available: boolean;
  /** One entry per allergen, in ALLERGEN_NAMES order; null when the recipe could not be read. */
  cells: AllergenPresence[] | null;
  /**
   * `unverified`: the owner has not confirmed the lists, the row says to ask (docs/product/decisions.md 15);
   * `none`: confirmed, and not one of the 14, not even as traces; `declared`: the cells say it.
   */
  status: AllergenStatus | 'none';
  /** What an unconfirmed list already names (shown under « demandez au personnel »). */
  known: string[];
  /** The meats' origins in the decree's words (« Veau · Origine : France »), those known. */
  origins: string[];
}

export interface AllergenGroup {
  sectionId: string;
  name: string;
  rows: AllergenRow[];
}

export interface RecipeAllergens {
  id: string;
  name: string;
  allergens: readonly string[];
  traces: readonly string[];
  allergenStatus: AllergenStatus;
  /** A recipe's declared meats (docs/decisions/0019); an item without a recipe has none. */
  meatOrigins?: readonly MeatOrigin[];
  /** The meats its products bring (stored facts), shown when undeclared and agreed on. */
  origins?: readonly ProductOrigin[];
}

const originsOf = (recipe: RecipeAllergens | undefined): string[] =>
  dinerMeatOrigins(recipe?.meatOrigins ?? [], recipe?.origins ?? []).map((o) => `${o.meat} · ${o.text}`);

function statusOf(recipe: RecipeAllergens | undefined): AllergenRow['status'] {
  if (!recipe || recipe.allergenStatus === 'unverified') return 'unverified';
  return recipe.allergens.length === 0 && recipe.traces.length === 0 ? 'none' : 'declared';
}

const cellsOf = (lists: RecipeAllergens): AllergenPresence[] =>
  ALLERGEN_NAMES.map((a) => (lists.allergens.includes(a) ? 'contains' : lists.traces.includes(a) ? 'traces' : 'none'));

const ownRow = (itemId: string, name: string, available: boolean, lists: RecipeAllergens): AllergenRow => ({
  itemId,
  name,
  recipeName: null,
  available,
  cells: cellsOf(lists),
  status: statusOf(lists),
  known: [...lists.allergens],
  origins: [],
});

/**
 * The menu's allergen table: its dishes (items linked to a recipe, or with their own lists, available or not) by
 * section, sections and items in display order, each with one cell per regulated allergen
 * read from the recipe's « contient » and « peut contenir (traces) » lists.
 */
export function buildAllergenTable(
  sections: readonly MenuSection[],
  recipes: readonly RecipeAllergens[],
): AllergenGroup[] {
  const byId = new Map(recipes.map((r) => [r.id, r]));
  return [...sections]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((section) => ({
      sectionId: section.id,
      name: section.name,
      rows: [...section.items]
        .sort((a, b) => a.displayOrder - b.displayOrder)
        .flatMap((item): AllergenRow[] => {
          // An item without a recipe (a drink) has its own lists (docs/product/decisions.md 18).
          if (!item.recipe)
            return item.labels
              ? [ownRow(item.id, item.name, item.isAvailable, { id: item.id, name: item.name, ...item.labels })]
              : [];
          const recipe = byId.get(item.recipe.id);
          const recipeName = recipe?.name ?? item.recipe.name;
          return [
            {
              itemId: item.id,
              name: item.name,
              recipeName: recipeName !== item.name ? recipeName : null,
              available: item.isAvailable,
              cells: recipe ? cellsOf(recipe) : null,
              status: statusOf(recipe),
              known: recipe ? [...recipe.allergens] : [],
              origins: originsOf(recipe),
            },
          ];
        }),
    }))
    .filter((group) => group.rows.length > 0);
}
