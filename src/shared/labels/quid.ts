import { foldText } from '../allergens.ts';
import { NBSP } from '../typography.ts';
import type { LabelRecipeInput, OrderedNode } from './ingredient-list.ts';

/**
 * QUID, the quantitative ingredient declaration (Regulation 1169/2011 article 22 and annex
 * VIII): the percentage of an ingredient named in the denomination (« Quiche au saumon ») or
 * chosen by the owner, from the weights. Annex VIII 3(a): for a food that lost moisture in
 * cooking, the quantity used related to the finished product; above 100 %, the grams used
 * for 100 g of the finished product.
 */
export interface Quid {
  key: string;
  name: string;
  /** % of the finished product, to 0,1. */
  percent: number;
  /** As printed: « 12 % », « 4,5 % », « 150 g pour 100 g ». */
  text: string;
}

/**
 * Grams of each ingredient key in the whole recipe, through its sub-recipes (a sub-recipe line
 * uses a share of it). Each recipe of the tree is summed once (`known`), however many lines and
 * levels use it; a recipe met again inside itself (impossible in the data) is not walked.
 */
function gramsOf(
  recipe: LabelRecipeInput,
  known: Map<LabelRecipeInput, Map<string, number>>,
  walking: Set<LabelRecipeInput>,
): Map<string, number> {
  const done = known.get(recipe);
  if (done) return done;
  const into = new Map<string, number>();
  walking.add(recipe);
  for (const line of recipe.lines) {
    if (line.grams === null) continue;
    into.set(line.key, (into.get(line.key) ?? 0) + line.grams);
    const sub = line.recipe;
    if (!sub || walking.has(sub)) continue;
    const served = servedWeight(sub);
    if (served <= 0) continue;
    for (const [key, grams] of gramsOf(sub, known, walking))
      into.set(key, (into.get(key) ?? 0) + (grams * line.grams) / served);
  }
  walking.delete(recipe);
  known.set(recipe, into);
  return into;
}

/** Grams of each ingredient key in the whole dish, through its sub-recipes, times `factor`. */
export function gramsByKey(recipe: LabelRecipeInput, factor = 1): Map<string, number> {
  return new Map([...gramsOf(recipe, new Map(), new Set())].map(([key, grams]) => [key, grams * factor]));
}

/** A recipe's finished weight: its cooked weight, else its ingredients'. */
export function servedWeight(recipe: LabelRecipeInput): number {
  if (recipe.cookedWeightG !== null && recipe.cookedWeightG > 0) return recipe.cookedWeightG;
  return recipe.lines.reduce((sum, line) => sum + (line.grams ?? 0), 0);
}

const fr1 = (value: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: value >= 10 ? 0 : 1 }).format(value);

export function quidText(percent: number): string {
  if (percent > 100) return `${fr1(percent)}${NBSP}g pour 100${NBSP}g`;
  return `${fr1(percent)}${NBSP}%`;
}

/** Words that qualify rather than name an ingredient: never what a denomination is « au ». */
const QUALIFIERS = new Set(
  'de du des d la le les l au aux a en et ou avec sans fume fumee frais fraiche cuit cuite cru crue entier entiere demi ecreme ecremee doux douce sale salee sec seche blanc blanche noir noire rouge vert verte jaune fin fine gros grosse moulu moulue poudre nature bio maison pasteurise surgele surgelee extra vierge'.split(
    ' ',
  ),
);
/** Heads that contain what they are made of: « jus de citron » names the lemon. */
const CONTAINERS = new Set(
  'jus zeste zestes pulpe puree coulis filet filets dos pave blanc cuisse cuisses escalope farine poudre creme confiture sirop morceaux des'.split(
    ' ',
  ),
);

const words = (text: string) =>
  foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const singular = (word: string) => word.replace(/(s|x)$/, '');

/** The words of an ingredient's name a denomination would use to name it. */
export function headWords(name: string): string[] {
  const all = words(name);
  const significant = all.filter((w) => !QUALIFIERS.has(w) && w.length >= 3);
  const head = significant[0];
  if (!head) return [];
  const heads = [head];
  if (CONTAINERS.has(head)) {
    const after = all.slice(all.indexOf(head) + 1).find((w) => !QUALIFIERS.has(w) && w.length >= 3);
    if (after) heads.push(after);
  }
  return heads.map(singular);
}

/**
 * Keys of the ingredients the denomination names, at any depth; when a compound and one of its
 * own ingredients both match, the ingredient itself (« tarte au citron »: the lemon juice, not the lemon cream).
 */
export function namedInDenomination(denomination: string, nodes: readonly OrderedNode[]): string[] {
  const named = new Set(words(denomination).map(singular));
  const found: string[] = [];
  const visit = (list: readonly OrderedNode[]): boolean => {
    let any = false;
    for (const node of list) {
      if (node.key.includes('#') || node.key === 'water') continue;
      const deeper = node.children ? visit(node.children) : false;
      if (!deeper && headWords(node.name).some((w) => named.has(w))) {
        if (!found.includes(node.key)) found.push(node.key);
        any = true;
      }
      any ||= deeper;
    }
    return any;
  };
  visit(nodes);
  return found;
}

/** The QUID of these keys, by the grams of the whole dish. */
export function quidOf(recipe: LabelRecipeInput, keys: readonly string[], names: ReadonlyMap<string, string>): Quid[] {
  const grams = gramsByKey(recipe);
  const finished = servedWeight(recipe);
  if (finished <= 0) return [];
  return keys.flatMap((key) => {
    const used = grams.get(key);
    if (used === undefined) return [];
    const percent = Math.round((1000 * used) / finished) / 10;
    return [{ key, name: names.get(key) ?? key, percent, text: quidText(percent) }];
  });
}
