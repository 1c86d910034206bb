import { foldText } from './allergens.ts';
import type { Nutrient } from './nutrition.ts';
import { computeNutriScore, type NutriScoreResult } from './nutriscore.ts';

/** Red meat for the Nutri-Score protein cap: beef, veal, lamb, pork, horse, game, and their products. */
const RED_MEAT = /^(boeuf|veau|agneau|mouton|porc|cheval|chevreuil|sanglier|cerf|biche|bison|lapin de garenne|jambon|lard|lardon|saucisse|saucisson|chorizo|bacon|rillettes|pate de campagne|merguez|steak|entrecote|rumsteck|bavette|faux-filet|onglet|gigot|cote de porc|filet mignon|roti de porc|roti de boeuf)/;

export function isRedMeat(name: string, subgroup: string | null | undefined): boolean {
  const group = foldText(subgroup ?? '');
  return (group.startsWith('viandes') || group.startsWith('charcuteries')) && RED_MEAT.test(foldText(name));
}

export interface NutriScoreInputs {
  totals: Record<Nutrient, number | null>;
  /** Weight that « per 100 g » refers to (cooked weight if known). */
  referenceGrams: number;
  fruitVegLegumePercent: number | null;
  redMeat: boolean;
}

export type RecipeNutriScore = (Pick<NutriScoreResult, 'letter' | 'score'> & { available: true }) | { available: false; reason: string };

/**
 * The recipe's Nutri-Score from its totals per 100 g of dish. It needs the fruit/vegetable
 * share (owner input) and every nutrient of the algorithm: a gap makes it unavailable
 * rather than better than it is.
 */
export function recipeNutriScore(input: NutriScoreInputs, missing: Partial<Record<Nutrient, string[]>>): RecipeNutriScore {
  if (input.fruitVegLegumePercent === null) return { available: false, reason: 'Indiquez la part de fruits, légumes et légumineuses.' };
  const needed: Nutrient[] = ['energyKj', 'sugars', 'saturatedFat', 'salt', 'protein', 'fiber'];
  const gaps = needed.filter((n) => input.totals[n] === null || (missing[n]?.length ?? 0) > 0);
  if (gaps.length > 0 || input.referenceGrams <= 0) return { available: false, reason: 'Données Ciqual incomplètes pour calculer le Nutri-Score.' };
  const per100 = (n: Nutrient) => ((input.totals[n] ?? 0) * 100) / input.referenceGrams;
  const result = computeNutriScore({
    energyKj: per100('energyKj'),
    sugars: per100('sugars'),
    saturatedFat: per100('saturatedFat'),
    salt: per100('salt'),
    protein: per100('protein'),
    fiber: per100('fiber'),
    fruitVegLegumePercent: input.fruitVegLegumePercent,
    redMeat: input.redMeat,
  });
  return { available: true, letter: result.letter, score: result.score };
}
