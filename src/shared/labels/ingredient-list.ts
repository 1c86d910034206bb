import { emphasisSpans, namesAllergen } from './emphasis.ts';
import { bold, compact, emphasised, plain, type Segment } from './rich-text.ts';
import { NBSP } from '../typography.ts';

/**
 * The ingredient list of a label (Regulation 1169/2011 article 18 and annex VII): in
 * descending order of weight at the time of use; a sub-recipe is a compound ingredient named
 * and followed by its own list in brackets (annex VII part E); added water is weighed in the
 * finished product and left out under 5 % of it (annex VII part A, 1); the allergens of annex
 * II emphasised (article 21). Pure: the server gives the tree, built from the stored recipes.
 */

/** One line of a recipe as the label sees it. */
export interface LabelLineInput {
  /** `food:<code>`, `product:<id>`, `recipe:<id>`: lines of the same key are one ingredient. */
  key: string;
  /** The name printed (the owner's label name, or the default one). */
  name: string;
  /** The name before the owner's (a Ciqual food's shortened name, a product's, a sub-recipe's). */
  defaultName?: string;
  /** Grams at the time of use; null when the line has no weight (a unit without its weight). */
  grams: number | null;
  water: boolean;
  /** What the ingredient brings: a food's suggested allergens, a product's stated ones. */
  allergens: readonly string[];
  /** A product's own ingredient list, as its label prints it. */
  ownList?: string | null;
  /** A sub-recipe's own tree. */
  recipe?: LabelRecipeInput;
}

export interface LabelRecipeInput {
  /** The recipe's whole list (own, products', sub-recipes'). */
  allergens: readonly string[];
  /** The owner confirmed it: only its allergens are emphasised (else every suggestion is). */
  allergensDeclared: boolean;
  cookedWeightG: number | null;
  lines: readonly LabelLineInput[];
}

/** An ingredient of the list, in order. */
export interface LabelIngredient {
  key: string;
  name: string;
  /** Its name before the owner named it for the label (the same when not renamed). */
  defaultName: string;
  /**
   * Its share, in % to 0,1, of the weights that order its list: weights at the time of use, added
   * water as it is in the finished product (annex VII part A, 1). Null when it has no weight.
   */
  percent: number | null;
  /** It is, or contains, an allergen of annex II. */
  allergen: boolean;
  /** The allergens emphasised in it (for a compound: in its own list). */
  allergens: string[];
  /** A compound ingredient's own list: a sub-recipe's, or a product's own list read item by item. */
  ingredients?: LabelIngredient[];
}

/** The list with what printing it needs. */
export interface OrderedNode extends LabelIngredient {
  /** Its name, its allergens emphasised. */
  nameSegments: Segment[];
  /** A product's own list as typed, emphasised. */
  ownListSegments?: Segment[];
  children?: OrderedNode[];
}

export interface OrderedList {
  nodes: OrderedNode[];
  /** Water left out (under 5 % of the finished product), with its weight there. */
  omittedWater: { finishedGrams: number; finishedPercent: number } | null;
  /** Names of ingredients without a weight: placed last, in the recipe's order. */
  unweighed: string[];
  /** Allergens that were emphasised somewhere in the list. */
  emphasised: Set<string>;
}

/** Annex VII part A, 1: added water under this share of the finished product is not listed. */
export const WATER_THRESHOLD = 0.05;
export const WATER_KEY = 'water';
const MAX_DEPTH = 20;
/**
 * Mentions a list may hold (each ingredient, each item of a compound's list): more than any
 * label prints, and the bound of a tree whose sub-recipes repeat at every level (2 a level, 20
 * levels: 2²⁰ mentions).
 */
export const MAX_LABEL_INGREDIENTS = 1000;

/** A list over MAX_LABEL_INGREDIENTS mentions: the server answers 422 next to the ingredients. */
export class LabelTooLongError extends Error {
  constructor() {
    super(`more than ${MAX_LABEL_INGREDIENTS} ingredients on one label`);
    this.name = 'LabelTooLongError';
  }
}

/** Counts the mentions made so far; past the bound, stops before the next level is walked. */
class Mentions {
  private count = 0;
  add(n = 1): void {
    this.count += n;
    if (this.count > MAX_LABEL_INGREDIENTS) throw new LabelTooLongError();
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

interface Merged {
  line: LabelLineInput;
  grams: number | null;
  index: number;
}

/** Lines of one key are one ingredient (their weights added); every water line is one « eau ». */
function merge(lines: readonly LabelLineInput[]): Merged[] {
  const byKey = new Map<string, Merged>();
  lines.forEach((line, index) => {
    const key = line.water ? WATER_KEY : line.key;
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { line: line.water ? { ...line, key: WATER_KEY } : line, grams: line.grams, index });
      return;
    }
    existing.grams = existing.grams === null || line.grams === null ? null : existing.grams + line.grams;
  });
  return [...byKey.values()];
}

/** The allergens to emphasise among those an ingredient brings. */
function emphasisOf(line: LabelLineInput, recipe: LabelRecipeInput): string[] {
  return recipe.allergensDeclared ? line.allergens.filter((a) => recipe.allergens.includes(a)) : [...line.allergens];
}

/** A product's own list, item by item, at its first level of brackets. */
export function splitOwnList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth = Math.max(0, depth - 1);
    if ((ch === ',' || ch === ';') && depth === 0) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items.map((item) => item.trim().replace(/\.$/, '')).filter(Boolean);
}

function orderLevel(
  recipe: LabelRecipeInput,
  depth: number,
  emphasisedSoFar: Set<string>,
  mentions: Mentions,
): OrderedList {
  const merged = merge(recipe.lines);
  const used = merged.reduce((sum, m) => sum + (m.grams ?? 0), 0);
  const cooked = recipe.cookedWeightG !== null && recipe.cookedWeightG > 0 ? recipe.cookedWeightG : null;
  const finished = cooked ?? used;
  const others = merged.filter((m) => m.line.key !== WATER_KEY).reduce((sum, m) => sum + (m.grams ?? 0), 0);
  let omittedWater: OrderedList['omittedWater'] = null;
  const unweighed: string[] = [];
  const ranked: { node: OrderedNode; weight: number | null; index: number }[] = [];
  for (const m of merged) {
    const { line } = m;
    if (line.key === WATER_KEY) {
      // Its weight in the finished product: what the other ingredients do not account for.
      const inFinished = cooked !== null ? Math.max(0, Math.min(m.grams ?? 0, cooked - others)) : (m.grams ?? 0);
      if (finished <= 0 || inFinished <= WATER_THRESHOLD * finished) {
        omittedWater = {
          finishedGrams: inFinished,
          finishedPercent: finished > 0 ? round1((100 * inFinished) / finished) : 0,
        };
        continue;
      }
      mentions.add();
      ranked.push({
        node: {
          key: WATER_KEY,
          name: line.name,
          defaultName: line.defaultName ?? line.name,
          percent: null,
          allergen: false,
          allergens: [],
          nameSegments: [plain(line.name)],
        },
        weight: inFinished,
        index: m.index,
      });
      continue;
    }
    mentions.add();
    const node = nodeOf(line, recipe, depth, emphasisedSoFar, mentions);
    if (m.grams === null) unweighed.push(line.name);
    ranked.push({ node, weight: m.grams, index: m.index });
  }
  // Each one's share of the weights that order the list (water as it is in the finished product).
  const weighed = ranked.reduce((sum, r) => sum + (r.weight ?? 0), omittedWater?.finishedGrams ?? 0);
  for (const r of ranked)
    r.node.percent = r.weight === null || weighed <= 0 ? null : round1((100 * r.weight) / weighed);
  // Heaviest first; equal weights keep the recipe's order; unweighed lines last.
  ranked.sort((a, b) => {
    if (a.weight === null || b.weight === null)
      return a.weight === null ? (b.weight === null ? a.index - b.index : 1) : -1;
    return b.weight - a.weight || a.index - b.index;
  });
  return { nodes: ranked.map((r) => r.node), omittedWater, unweighed, emphasised: emphasisedSoFar };
}

/** A node of the list: its name emphasised where these allergens are named, its share set later. */
function node(
  key: string,
  name: string,
  defaultName: string,
  allergens: string[],
  emphasisedIn: readonly string[] = allergens,
): OrderedNode {
  return {
    key,
    name,
    defaultName,
    percent: null,
    allergen: allergens.length > 0,
    allergens,
    nameSegments: emphasised(name, emphasisSpans(name, emphasisedIn)),
  };
}

function nodeOf(
  line: LabelLineInput,
  recipe: LabelRecipeInput,
  depth: number,
  seen: Set<string>,
  mentions: Mentions,
): OrderedNode {
  const defaultName = line.defaultName ?? line.name;
  if (line.recipe && depth < MAX_DEPTH) {
    const inner = orderLevel(line.recipe, depth + 1, seen, mentions);
    const allergens = [...new Set(inner.nodes.flatMap((n) => n.allergens))];
    // A compound's name is not emphasised: its own ingredients are.
    return {
      ...node(line.key, line.name, defaultName, allergens, []),
      ingredients: inner.nodes,
      children: inner.nodes,
    };
  }
  const allergens = emphasisOf(line, recipe);
  for (const a of allergens) seen.add(a);
  const ownList = line.ownList?.trim();
  if (!ownList) return node(line.key, line.name, defaultName, allergens);
  // The product's own list carries its allergens; one it does not name is emphasised in the product's name.
  const inList = allergens.filter((a) => namesAllergen(ownList, a));
  const own = splitOwnList(ownList);
  mentions.add(own.length);
  const items = own.map((item, i) =>
    node(
      `${line.key}#${i}`,
      item,
      item,
      inList.filter((a) => namesAllergen(item, a)),
    ),
  );
  return {
    ...node(
      line.key,
      line.name,
      defaultName,
      allergens,
      allergens.filter((a) => !inList.includes(a)),
    ),
    ingredients: items,
    ownListSegments: emphasised(ownList, emphasisSpans(ownList, inList)),
  };
}

/**
 * The ordered list of a recipe (its sub-recipes' lists inside); LabelTooLongError past
 * MAX_LABEL_INGREDIENTS mentions, counted as they are made, so a tree whose sub-recipes repeat
 * at every level stops after a thousand mentions instead of walking each of its paths.
 */
export const orderIngredients = (recipe: LabelRecipeInput): OrderedList =>
  orderLevel(recipe, 0, new Set(), new Mentions());

/** JSON of the list: the nodes without what only printing needs. */
export function publicIngredients(nodes: readonly OrderedNode[]): LabelIngredient[] {
  return nodes.map((node) => ({
    key: node.key,
    name: node.name,
    defaultName: node.defaultName,
    percent: node.percent,
    allergen: node.allergen,
    allergens: node.allergens,
    ...(node.ingredients ? { ingredients: publicIngredients(node.ingredients as OrderedNode[]) } : {}),
  }));
}

/**
 * The list as text runs: « farine de **blé**, pâte brisée (farine de **blé**, **beurre**),
 * saumon 12 % ». `quid` gives the percentage printed after an ingredient, by key.
 */
export function listSegments(nodes: readonly OrderedNode[], quid: ReadonlyMap<string, string>): Segment[] {
  const out: Segment[] = [];
  nodes.forEach((node, i) => {
    if (i > 0) out.push(plain(', '));
    out.push(...node.nameSegments);
    const share = quid.get(node.key);
    if (share) out.push(plain(`${NBSP}${share}`));
    if (node.children && node.children.length > 0)
      out.push(plain(' ('), ...listSegments(node.children, quid), plain(')'));
    else if (node.ownListSegments) out.push(plain(' ('), ...node.ownListSegments, plain(')'));
  });
  return compact(out);
}

/** « Contient : **lait**. » for allergens of the recipe that no ingredient of the list carries. */
export function containsSegments(allergens: readonly string[]): Segment[] {
  if (allergens.length === 0) return [];
  const out: Segment[] = [plain(`Contient${NBSP}: `)];
  allergens.forEach((a, i) => {
    if (i > 0) out.push(plain(', '));
    out.push(bold(lowerFirst(a)));
  });
  out.push(plain('.'));
  return out;
}

/** « Peut contenir : fruits à coque, sésame. » */
export const tracesText = (traces: readonly string[]): string =>
  traces.length === 0 ? '' : `Peut contenir${NBSP}: ${traces.map(lowerFirst).join(', ')}.`;

/** A name written inside a sentence: « Beurre doux » → « beurre doux », « AOP » kept. */
export function lowerFirst(text: string): string {
  const [first, second] = [...text];
  if (!first || (second !== undefined && second !== second.toLowerCase())) return text;
  return first.toLowerCase() + text.slice(first.length);
}
