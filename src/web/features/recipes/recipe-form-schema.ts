import { z } from '../../../shared/zod-fr.ts';
import { recipeInputSchema, recipeNumbers as n, type Recipe } from '../../../shared/api/recipes.ts';
import { decimalText } from '../../../shared/decimal.ts';
import { optionalNumberText, requiredNumberText } from '../../../shared/number-rules.ts';

const shape = recipeInputSchema.shape;

/**
 * The recipe form's own fields. Its numbers are text typed in French (« 9,50 », « 0,25 »),
 * read with the API's rules (recipeNumbers), so the error the server would give shows next
 * to the field before anything is sent (docs/product/decisions.md 16).
 */
export const recipeFormSchema = z.object({
  name: shape.name,
  description: shape.description,
  servings: requiredNumberText(n.servings),
  prepTime: optionalNumberText(n.prepTime),
  cookTime: optionalNumberText(n.cookTime),
  price: optionalNumberText(n.price),
  cookedWeightG: optionalNumberText(n.cookedWeightG),
  fruitVegLegumePercent: optionalNumberText(n.fruitVegLegumePercent),
  showNutriScore: shape.showNutriScore,
  nutriScoreCategory: shape.nutriScoreCategory,
  homemade: shape.homemade,
});
export type RecipeFormValues = z.input<typeof recipeFormSchema>;
export type RecipeFormOutput = z.output<typeof recipeFormSchema>;

export const recipeFormDefaults = (recipe: Recipe | null): RecipeFormValues => ({
  name: recipe?.name ?? '',
  description: recipe?.description ?? '',
  servings: decimalText(recipe?.servings ?? 1, 0),
  prepTime: decimalText(recipe?.prepTime, 0),
  cookTime: decimalText(recipe?.cookTime, 0),
  price: decimalText(recipe?.price, 2, 2),
  cookedWeightG: decimalText(recipe?.cookedWeightG, 1),
  fruitVegLegumePercent: decimalText(recipe?.fruitVegLegumePercent, 1),
  showNutriScore: recipe?.showNutriScore ?? false,
  nutriScoreCategory: recipe?.nutriScoreCategory ?? 'auto',
  homemade: recipe?.homemade ?? false,
});
