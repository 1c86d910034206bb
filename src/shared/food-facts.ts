import { suggestAllergens } from './allergen-rules.ts';
import { isRedMeat } from './recipe-nutrition.ts';
import { catalogueMeatKind } from './catalogue-meat-kinds.ts';
import type { MeatKind } from './api/product-vocabulary.ts';
import { nutriKindOf, type NutriKind } from './nutri-score-category.ts';

/** A catalogue food as the facts need it: its name and Ciqual groups. */
export interface FoodSource {
  name: string;
  group?: string | null | undefined;
  subgroup?: string | null | undefined;
}

/** What a food says about the recipes that use it, derived from its name and groups. */
export interface FoodFacts {
  /** Regulated allergens the food implies (suggestions for the owner to confirm), in annex II order. */
  suggestedAllergens: string[];
  /** Red meat (Nutri-Score protein cap). */
  redMeat: boolean;
  /** The meat whose origin diners must be told (src/shared/catalogue-meat-kinds.ts); null or absent: none. */
  meatKind?: MeatKind | null;
  /** What the food weighs in the automatic Nutri-Score table (src/shared/nutri-score-category.ts); absent: none. */
  nutriKind?: NutriKind | undefined;
}

/**
 * Derived on the server, where the catalogue's groups are (search hits and recipe lines carry
 * the result): the browser then needs neither the groups nor the rules to preview a recipe.
 */
export function foodFacts(food: FoodSource): FoodFacts {
  return {
    suggestedAllergens: suggestAllergens(food),
    redMeat: isRedMeat(food.name, food.subgroup),
    meatKind: catalogueMeatKind(food.name, food.subgroup),
    nutriKind: nutriKindOf(food),
  };
}
