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
  /** An own product declared « porcine ». */
  pork?: boolean;
  /** Of unknown make (a sub-recipe that could not be opened): the dish is never called vegetarian. */
  unknown?: boolean;
}

export interface DishInput {
  recipeId: string;
  name: string;
  servings: number;
  /** The recipe's own cooked weight (`yieldGrams`), null when the owner gave none. */
  cookedWeightG: number | null;
  /** Cooking time in minutes: a cooking step. */
  cookTimeMinutes?: number | null;
  tags: readonly CateringTag[];
  /** The owner's « ne compte pas » (src/shared/catering/gemrcn.ts). */
  excluded?: readonly CateringTag[];
  lines: readonly ProfileLine[];
}

/** What one portion of a dish is, for the GEMRCN grid (src/shared/catering/gemrcn.ts). */
export interface DishProfile {
  recipeId: string;
  name: string;
  tags: readonly CateringTag[];
  excluded: readonly CateringTag[];
  /** Served weight of a portion: cooked weight when known, else raw weight, over servings. */
  portionGrams: number | null;
  /**
   * Why the dish is cooked (a cooking step, a cooked weight, its name), null when nothing says
   * so: a raw food (« Haricot vert, surgelé, cru ») in a cooked dish is not a crudité.
   */
  cooked: string | null;
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
    dairy: number;
    pastry: number;
    fried: number;
    wholeRedMeat: number;
  };
  /** The heaviest line of each share, to name it in a reason (« Carotte, crue »). */
  main: Partial<Record<keyof DishProfile['shares'], string>>;
  /** No meat, fish, crustacean or mollusc, as far as the data tells (or the owner said so). */
  vegetarian: boolean;
  /** Some meat (charcuterie included), some pork, some part of unknown make. */
  meat: boolean;
  pork: boolean;
  unknownMake: boolean;
}

const MEAT = new Set(['0401', '0402', '0403', '0404']);
const FISH = new Set(['0405', '0406', '0407', '0408', '0409', '0904']);
const EGG = '0410';
const STARCHES = new Set(['0202', '0203', '0301']);
const DAIRY = new Set(['0501', '0502']);
/** Viennoiseries, sweet biscuits, cakes and pastries; flour and pastry doughs make a homemade one. */
const PASTRIES = new Set(['0705', '0706', '0709']);
const DOUGH = new Set(['0304', '0305']);
/** Composite dishes of Ciqual (« plats composés », sandwichs…): their meat or fish is unknown. */
const COMPOSITE = /^01/;
/** Whole words, accents included (`\b` of a RegExp without the `u` flag stops at « é »). */
const words = (alternatives: string) => new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');
const RAW = words('crue?s?');
const VEGETAL = /végétal|végétarien|vegan/i;
const PORK = words(
  'porc|porcelet|jambon|lard|lardons?|saucisson|chorizo|rillettes?|andouillettes?|andouilles?|boudin|coppa|pancetta|bacon|mortadelle|cervelas|knacks?|chipolatas?',
);
const NOT_PORK = /volaille|dinde|poulet|b(œ|oe)uf|veau|mouton|agneau|végétal|de mer|de poisson/i;
const FRIED = words('frite?s?|frits|pré-?frite?s?|panée?s?|beignets?|nuggets?|cordons? bleus?|croquettes?');
/** Whole cuts of beef, veal or lamb and butcher's offal (arrêté, annexe I), not minced. */
const WHOLE_RED_MEAT = words(
  'b(œ|oe)uf|veau|agneau|mouton|foie|rognons?|langue|c(œ|oe)ur|tripes?|joues?|onglet|bavette|entrecôte|rumsteck|paleron|gigot',
);
const MINCED = /hach|boulette|saucisse|merguez|burger|kefta/i;
/** A dish named for its cooking is cooked, whatever its raw foods are called. */
const COOKED_NAME = words(
  'compotes?|compotée|purées?|gratins?|soupes?|veloutés?|potages?|poêlées?|rôtie?s?|braisée?s?|mijotée?s?|sautée?s?|cuite?s?|vapeur|grillée?s?|pochée?s?|confite?s?|flans?|clafoutis|tartes?|crumbles?|ratatouille|étuvée?s?|au four|curry|risotto|gâteaux?|cakes?|quiches?|tian|blanquette|bourguignon|fondue',
);

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
const isPork = (line: ProfileLine) =>
  line.pork === true ||
  (isMeat(line) && PORK.test(line.name) && !NOT_PORK.test(line.name)) ||
  (line.subgroupCode === '0403' && !NOT_PORK.test(line.name) && !VEGETAL.test(line.name));
const grams = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(n);

/** Why the dish is cooked, from its recipe: a cooking time, a cooked weight that is not its raw weight, its name. */
function cookedBecause(input: DishInput, rawGrams: number): string | null {
  if (input.cookTimeMinutes !== null && input.cookTimeMinutes !== undefined && input.cookTimeMinutes > 0)
    return `cuisson de ${grams(input.cookTimeMinutes)}\u00a0min`;
  if (input.cookedWeightG !== null && rawGrams > 0 && Math.abs(input.cookedWeightG - rawGrams) / rawGrams > 0.02)
    return `poids cuit ${grams(input.cookedWeightG)}\u00a0g pour ${grams(rawGrams)}\u00a0g crus`;
  const word = COOKED_NAME.exec(input.name);
  return word ? `«\u00a0${word[0].toLocaleLowerCase('fr')}\u00a0» dans son nom` : null;
}

/** Derives a dish's profile from its lines (nothing stored: a change of recipe shows at once). */
export function dishProfile(input: DishInput): DishProfile {
  const weighed = input.lines.filter((l) => l.grams !== null && l.grams > 0);
  const total = weighed.reduce((s, l) => s + l.grams!, 0);
  const sub = (l: ProfileLine) => l.subgroupCode ?? '';
  const cooked = cookedBecause(input, total);
  const tests: Record<keyof DishProfile['shares'], (l: ProfileLine) => boolean> = {
    vegetables: (l) => sub(l) === '0201',
    rawProduce: (l) => cooked === null && (sub(l) === '0201' || sub(l) === '0204') && RAW.test(l.name),
    fruit: (l) => sub(l) === '0204',
    rawFruit: (l) => cooked === null && sub(l) === '0204' && RAW.test(l.name),
    fish: isFish,
    meatFishEgg: (l) => isMeat(l) || isFish(l) || sub(l) === EGG,
    starches: (l) => STARCHES.has(sub(l)),
    cheese: (l) => sub(l) === '0503',
    dairy: (l) => DAIRY.has(sub(l)),
    pastry: (l) => PASTRIES.has(sub(l)),
    fried: (l) => FRIED.test(l.name),
    wholeRedMeat: (l) => isMeat(l) && WHOLE_RED_MEAT.test(l.name) && !MINCED.test(l.name),
  };
  const shares = {} as DishProfile['shares'];
  const main: DishProfile['main'] = {};
  for (const [key, test] of Object.entries(tests) as [keyof DishProfile['shares'], (l: ProfileLine) => boolean][]) {
    const matching = weighed.filter(test);
    shares[key] = total > 0 ? matching.reduce((s, l) => s + l.grams!, 0) / total : 0;
    const heaviest = [...matching].sort((a, b) => b.grams! - a.grams!)[0];
    if (heaviest) main[key] = heaviest.name;
  }
  const dough = total > 0 ? weighed.filter((l) => DOUGH.has(sub(l))).reduce((s, l) => s + l.grams!, 0) / total : 0;
  // A homemade cake or tart: its flour or pastry dough is a fifth of it.
  if (dough >= 0.2) shares.pastry = Math.max(shares.pastry, 0.5);
  const servings = input.servings >= 1 ? input.servings : 1;
  const served =
    input.cookedWeightG !== null && input.cookedWeightG > 0 ? input.cookedWeightG : total > 0 ? total : null;
  const fat = sumNutrient(weighed, 'fat');
  const unknownMake = input.lines.some((l) => l.unknown === true);
  const vegetarian =
    input.tags.includes('vegetarien') ||
    (!(input.excluded ?? []).includes('vegetarien') &&
      input.lines.every(
        (l) => !isMeat(l) && !isFish(l) && l.unknown !== true && !(COMPOSITE.test(sub(l)) && !VEGETAL.test(l.name)),
      ));
  return {
    recipeId: input.recipeId,
    name: input.name,
    tags: input.tags,
    excluded: input.excluded ?? [],
    portionGrams: served === null ? null : served / servings,
    cooked,
    fatPercent: fat === null || served === null ? null : (fat / served) * 100,
    fatPerPortion: per(fat, served, servings),
    proteinPerPortion: per(sumNutrient(weighed, 'protein'), served, servings),
    sugarsPerPortion: per(sumNutrient(weighed, 'sugars'), served, servings),
    calciumPerPortion: per(sumNutrient(weighed, 'calciumMg'), served, servings),
    shares,
    main,
    vegetarian,
    meat: input.lines.some(isMeat),
    pork: input.lines.some(isPork),
    unknownMake,
  };
}
