import type { CateringTag } from './catering.ts';

/**
 * One ingredient line of a dish as the GEMRCN and EGalim checks read it: its weight and the
 * Ciqual subgroup of its food (data/ciqual/README.md), so shares by weight can be derived.
 */
export interface ProfileLine {
  name: string;
  /** Raw weight of the line for the whole recipe; null when it cannot be weighed. */
  grams: number | null;
  /** Ciqual subgroup code, e.g. '0201' légumes. */
  subgroupCode: string | null;
  /** Per 100 g; null is « unknown ». */
  fat: number | null;
  protein: number | null;
  sugars: number | null;
  calciumMg: number | null;
  /** Said by its source beyond the subgroup: an own product with a meat kind is meat, one with a fish or seafood allergen is fish. */
  meat?: boolean;
  fish?: boolean;
  /** Of unknown make (a sub-recipe that could not be opened): the dish is never called vegetarian. */
  unknown?: boolean;
}

export interface DishInput {
  recipeId: string;
  name: string;
  servings: number;
  cookedWeightG: number | null;
  tags: readonly CateringTag[];
  lines: readonly ProfileLine[];
}

/** What one portion of a dish is, for the GEMRCN grid (src/shared/catering/gemrcn.ts). */
export interface DishProfile {
  recipeId: string;
  name: string;
  tags: readonly CateringTag[];
  /** Served weight of a portion: cooked weight when known, else raw weight, over servings. */
  portionGrams: number | null;
  /** Lipids in g per 100 g served (« plus de 15 % de lipides »). */
  fatPercent: number | null;
  fatPerPortion: number | null;
  proteinPerPortion: number | null;
  sugarsPerPortion: number | null;
  calciumPerPortion: number | null;
  /** Shares of the raw weight, 0–1. */
  shares: {
    vegetables: number;
    rawProduce: number;
    fruit: number;
    rawFruit: number;
    fish: number;
    meatFishEgg: number;
    starches: number;
    cheese: number;
  };
  /** No meat, fish, crustacean or mollusc, as far as the data tells (or the owner said so). */
  vegetarian: boolean;
}

const MEAT = new Set(['0401', '0402', '0403', '0404']);
const FISH = new Set(['0405', '0406', '0407', '0408', '0409', '0904']);
const EGG = '0410';
const STARCHES = new Set(['0202', '0203', '0301']);
/** Composite dishes of Ciqual (« plats composés », sandwichs…): their meat or fish is unknown. */
const COMPOSITE = /^01/;
const RAW = /\bcru(e|s|es)?\b/i;
const VEGETAL = /végétal|végétarien|vegan/i;

function per(total: number | null, grams: number | null, divisor: number): number | null {
  if (total === null || grams === null || divisor <= 0) return null;
  return total / divisor;
}

function sumNutrient(lines: readonly ProfileLine[], key: 'fat' | 'protein' | 'sugars' | 'calciumMg'): number | null {
  let total = 0;
  for (const line of lines) {
    if (line.grams === null || line.grams === 0) continue;
    const value = line[key];
    if (value === null) return null;
    total += (value * line.grams) / 100;
  }
  return total;
}

const isMeat = (line: ProfileLine) =>
  line.meat === true || (line.subgroupCode !== null && MEAT.has(line.subgroupCode) && !VEGETAL.test(line.name));
const isFish = (line: ProfileLine) => line.fish === true || (line.subgroupCode !== null && FISH.has(line.subgroupCode));

/** Derives a dish's profile from its lines (nothing stored: a change of recipe shows at once). */
export function dishProfile(input: DishInput): DishProfile {
  const weighed = input.lines.filter((l) => l.grams !== null && l.grams > 0);
  const total = weighed.reduce((s, l) => s + l.grams!, 0);
  const share = (test: (line: ProfileLine) => boolean) =>
    total > 0 ? weighed.filter(test).reduce((s, l) => s + l.grams!, 0) / total : 0;
  const servings = input.servings >= 1 ? input.servings : 1;
  const served =
    input.cookedWeightG !== null && input.cookedWeightG > 0 ? input.cookedWeightG : total > 0 ? total : null;
  const fat = sumNutrient(weighed, 'fat');
  const sub = (l: ProfileLine) => l.subgroupCode ?? '';
  const vegetarian =
    input.tags.includes('vegetarien') ||
    input.lines.every(
      (l) => !isMeat(l) && !isFish(l) && l.unknown !== true && !(COMPOSITE.test(sub(l)) && !VEGETAL.test(l.name)),
    );
  return {
    recipeId: input.recipeId,
    name: input.name,
    tags: input.tags,
    portionGrams: served === null ? null : served / servings,
    fatPercent: fat === null || served === null ? null : (fat / served) * 100,
    fatPerPortion: per(fat, served, servings),
    proteinPerPortion: per(sumNutrient(weighed, 'protein'), served, servings),
    sugarsPerPortion: per(sumNutrient(weighed, 'sugars'), served, servings),
    calciumPerPortion: per(sumNutrient(weighed, 'calciumMg'), served, servings),
    shares: {
      vegetables: share((l) => sub(l) === '0201'),
      rawProduce: share((l) => (sub(l) === '0201' || sub(l) === '0204') && RAW.test(l.name)),
      fruit: share((l) => sub(l) === '0204'),
      rawFruit: share((l) => sub(l) === '0204' && RAW.test(l.name)),
      fish: share(isFish),
      meatFishEgg: share((l) => isMeat(l) || isFish(l) || sub(l) === EGG),
      starches: share((l) => STARCHES.has(sub(l))),
      cheese: share((l) => sub(l) === '0503'),
    },
    vegetarian,
  };
}
