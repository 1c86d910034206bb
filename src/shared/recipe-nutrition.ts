import { foldText } from './allergens.ts';
import type { Nutrient } from './nutrition.ts';
import {
  computeNutriScore,
  type NutriScoreCategory,
  type NutriScoreLetter,
  type NutriScoreResult,
} from './nutriscore.ts';
import type { CategoryChoice } from './nutri-score-category.ts';

/** Red meat for the Nutri-Score protein cap: beef, veal, lamb, pork, horse, game, and their products. */
const RED_MEAT =
  /^(boeuf|veau|agneau|mouton|porc|cheval|chevreuil|sanglier|cerf|biche|bison|lapin de garenne|jambon|lard|lardon|saucisse|saucisson|chorizo|bacon|rillettes|pate de campagne|merguez|steak|entrecote|rumsteck|bavette|faux-filet|onglet|gigot|cote de porc|filet mignon|roti de porc|roti de boeuf)/;

export function isRedMeat(name: string, subgroup: string | null | undefined): boolean {
  const group = foldText(subgroup ?? '');
  return (group.startsWith('viandes') || group.startsWith('charcuteries')) && RED_MEAT.test(foldText(name));
}

export const NUTRISCORE_LETTERS: readonly NutriScoreLetter[] = ['A', 'B', 'C', 'D', 'E'];

/** The values the algorithm needs, in the order a reason names them, with their French « unknown » wording. */
const NEEDED: readonly [Nutrient, string][] = [
  ['energyKj', 'Énergie inconnue'],
  ['sugars', 'Sucres inconnus'],
  ['fat', 'Matières grasses inconnues'],
  ['saturatedFat', 'Acides gras saturés inconnus'],
  ['salt', 'Sel inconnu'],
  ['protein', 'Protéines inconnues'],
  ['fiber', 'Fibres inconnues'],
];

/** The nutrients a table needs: total fat only for the fats table (its saturates/lipids ratio), none for water. */
function neededFor(category: NutriScoreCategory): readonly [Nutrient, string][] {
  if (category === 'water') return [];
  return NEEDED.filter(([nutrient]) => nutrient !== 'fat' || category === 'fats');
}

export const nutriScoreReasons = {
  fruitVegLegume: 'Part de fruits, légumes et légumineuses manquante',
  noWeight: 'Poids de la recette inconnu',
  unweighed: (names: string[]) => `Poids inconnu pour : ${names.join(', ')}`,
  unknown: (label: string, names: string[]) => `${label} pour : ${names.join(', ')}`,
  notWater: (names: string[]) => `Seule une eau se classe « eau » ; ne sont pas des eaux : ${names.join(', ')}`,
} as const;

export interface NutriScoreInputs {
  totals: Record<Nutrient, number | null>;
  /** Ingredients (names) whose value is unknown, per nutrient (NutritionResult.missing). */
  missing: Partial<Record<Nutrient, string[]>>;
  /** Ingredients whose weight is unknown (« unité » without a weight): every value of theirs is. */
  unweighed?: readonly string[];
  /** Weight that « per 100 g » refers to (cooked weight if known). */
  referenceGrams: number;
  fruitVegLegumePercent: number | null;
  redMeat: boolean;
  /** The table and why (src/shared/nutri-score-category.ts); absent: general foods. */
  category?: CategoryChoice | undefined;
}

/** The table applied and why: part of the grade wherever it is shown (docs/product/decisions.md 22). */
interface NutriScoreTableUsed {
  category: NutriScoreCategory;
  categoryReason: string;
}

export type RecipeNutriScore =
  | (Pick<NutriScoreResult, 'letter' | 'score'> & { available: true } & NutriScoreTableUsed)
  | ({
      available: false;
      /** Each missing value, named (« Sucres inconnus pour : Olive noire »). */
      reasons: string[];
      /** The reasons as one sentence. */
      reason: string;
    } & NutriScoreTableUsed);

const GENERAL: CategoryChoice = { category: 'general', reason: 'Aliment', notWater: [] };

/**
 * The recipe's Nutri-Score from its totals per 100 g of dish, with the table its category
 * calls for. It needs the fruit/vegetable share (owner input) and every nutrient of that table:
 * a gap makes it unavailable rather than better than it is, and the answer says which value is
 * missing for which ingredient. Water needs none, but only waters are « eau ».
 */
export function recipeNutriScore(input: NutriScoreInputs): RecipeNutriScore {
  const choice = input.category ?? GENERAL;
  const table = { category: choice.category, categoryReason: choice.reason };
  const reasons: string[] = [];
  if (choice.category === 'water' && choice.notWater.length > 0)
    reasons.push(nutriScoreReasons.notWater(choice.notWater));
  if (input.fruitVegLegumePercent === null && choice.category !== 'water')
    reasons.push(nutriScoreReasons.fruitVegLegume);
  const unweighed = new Set(input.unweighed ?? []);
  if (unweighed.size > 0 && choice.category !== 'water') reasons.push(nutriScoreReasons.unweighed([...unweighed]));
  for (const [nutrient, label] of neededFor(choice.category)) {
    // An unweighed line lacks every value: it is named once, above.
    const names = [...new Set(input.missing[nutrient] ?? [])].filter((name) => !unweighed.has(name));
    if (names.length > 0) reasons.push(nutriScoreReasons.unknown(label, names));
  }
  if (input.referenceGrams <= 0 && unweighed.size === 0 && choice.category !== 'water')
    reasons.push(nutriScoreReasons.noWeight);
  if (reasons.length > 0) return { available: false, reasons, reason: `${reasons.join('. ')}.`, ...table };

  const per100 = (n: Nutrient) =>
    input.referenceGrams > 0 ? ((input.totals[n] ?? 0) * 100) / input.referenceGrams : 0;
  const result = computeNutriScore({
    energyKj: per100('energyKj'),
    sugars: per100('sugars'),
    saturatedFat: per100('saturatedFat'),
    fat: per100('fat'),
    salt: per100('salt'),
    protein: per100('protein'),
    fiber: per100('fiber'),
    fruitVegLegumePercent: input.fruitVegLegumePercent ?? 0,
    redMeat: input.redMeat,
    category: choice.category,
  });
  return { available: true, letter: result.letter, score: result.score, ...table };
}
