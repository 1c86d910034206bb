import type { Kysely } from 'kysely';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { foodFacts } from '../../../shared/food-facts.ts';
import type { DB } from '../../db/schema.ts';
import { FOOD_NUTRIENT_COLUMNS, toPer100g } from '../../domain/catalogue-foods.ts';
import { FIRST_WORD_BONUS, indexFood, RANKING, type IndexedFood } from './search-ranking.ts';
import { KeptWordSearch } from './search-scoring.ts';
import { matchQuality, normalizeTerm, parseQuery, tokenize, type QuerySlot } from './search-terms.ts';

/**
 * Ingredient search over the Ciqual catalogue (docs/product/api.md « Catalogue »), built on MiniSearch.
 *
 * MiniSearch does the matching and the BM25 score: prefix matching as the cook types, fuzzy
 * matching for typos (1 edit from 4 letters, 2 from 8), every query word required (AND,
 * any order). Our part is the text processing (case, accents and ligatures folded, French
 * plurals made singular, small words dropped) and a re-ranking with simple cook signals:
 * the query names the food (first word of the name, words in the part before the first
 * comma), raw is the basic form, composed / pre-packed / flavoured dishes come later, and
 * shorter, more generic names first.
 */

export const MIN_QUERY_LENGTH = 3;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** How many of MiniSearch's best results are re-ranked. */
const RERANK_WINDOW = 400;

// --- one plain word ------------------------------------------------------------------------

/**
 * For a query of one word, the kind of match comes before the score (docs/decisions/0036):
 * 0. the food itself: its first word is the word (or starts with it), « Pomme, chair… crue »;
 * 1. other plain foods naming it: « Pomme de terre », « Pain blanc (par ex. : baguette…) »;
 * 2. composed dishes naming it: « Sandwich baguette… »;
 * 3. a typo only: « Boeuf, bavette » for « baguette ».
 */
function oneWordTier(food: IndexedFood, quality: (token: string) => number): number {
  const best = Math.max(0, ...food.tokens.map(quality), ...food.noteTokens.map(quality));
  if (best < 2) return 3;
  if (food.dish) return 2;
  const first = food.tokens[0];
  return first !== undefined && quality(first) >= 2 && !food.compound ? 0 : 1;
}

// --- the index ---------------------------------------------------------------------------

export interface SearchOptions {
  limit?: number;
}

export interface RankedHit {
  hit: IngredientHit;
  score: number;
}

export interface CatalogueSearch {
  /** Number of foods indexed. */
  readonly size: number;
  /** The best foods for what the cook typed; fewer than 3 characters → none. Kept: the same array for the same search. */
  search(query: string, options?: SearchOptions): readonly IngredientHit[];
  /** Same, with the final scores (tests and tuning). */
  rank(query: string, options?: SearchOptions): RankedHit[];
  /** Ranks searches made of the catalogue's own words, a few per turn of the event loop, keeping none of them: see warmUpQueries. */
  warm(): Promise<number>;
}

/** Searches whose answers are kept (src/server/features/catalogue/search.ts `search`). */
const RESULTS_KEPT = 2_000;

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

export interface BuildOptions {
  /** 'minisearch': MiniSearch's own search each time, without the kept words (the equivalence test of search.test.ts). */
  scoring?: 'kept' | 'minisearch';
}

/** Builds the index over these foods (the whole catalogue, 3,484 foods: 0.1 to 0.3 s). */
export function buildCatalogueSearch(hits: readonly IngredientHit[], options: BuildOptions = {}): CatalogueSearch {
  const foods = hits.map(indexFood);
  // Ciqual details its staples in many variants (7 « Farine de blé tendre ou froment … »,
  // 1 « Farine de riz »): a food whose first two words are shared by many is a staple.
  const stem = (food: IndexedFood) => food.tokens.slice(0, 2).join(' ');
  const variants = new Map<string, number>();
  for (const food of foods) variants.set(stem(food), (variants.get(stem(food)) ?? 0) + 1);
  for (const food of foods) food.prior += RANKING.staple * Math.log(variants.get(stem(food)) ?? 1);
  const mini = new KeptWordSearch({
    fields: ['name', 'note'],
    idField: 'id',
    tokenize,
    processTerm: (term) => normalizeTerm(term),
    searchOptions: { combineWith: 'AND', boost: { note: RANKING.noteBoost } },
  });
  mini.addAll(foods.map((food, id) => ({ id, name: food.main, note: food.note })));

  // Query terms are already normalised: MiniSearch must take them as they are.
  const asIs = { tokenize: (t: string) => [t], processTerm: (t: string) => t };
  /** The foods matching the query's words, best first, by MiniSearch's score (./search-scoring.ts). */
  const matches =
    options.scoring === 'minisearch'
      ? (slots: readonly QuerySlot[], any?: boolean) =>
          mini.search(KeptWordSearch.query(slots, any), asIs).map(({ id, score }) => ({ id: id as number, score }))
      : (slots: readonly QuerySlot[], any?: boolean) => mini.scored(slots, any);

  function rank(query: string, options: SearchOptions = {}): RankedHit[] {
    const limit = clampLimit(options.limit);
    // Characters that count: letters and digits (« b%? » is one letter).
    if (tokenize(query).join(' ').length < MIN_QUERY_LENGTH) return [];
    const slots = parseQuery(query);
    if (slots.length === 0) return [];

    let results = matches(slots);
    // Nothing has every word: fall back to any word of 3 letters or more, the re-ranking
    // favours the foods with the most.
    const longer = slots.filter((slot) => slot.term.length >= 3);
    if (results.length === 0 && slots.length > 1 && longer.length > 0) {
      results = matches(longer, true);
    }
    if (results.length === 0) return [];

    const top = results.length > RERANK_WINDOW ? results.slice(0, RERANK_WINDOW) : results;
    const best = top[0]?.score ?? 1;
    // Names share most of their words (« cru », « cuit »…): judge each word once per slot.
    const qualities = slots.map(() => new Map<string, number>());
    const quality = (s: number, token: string): number => {
      const known = qualities[s]?.get(token);
      if (known !== undefined) return known;
      const value = matchQuality(slots[s] as QuerySlot, token);
      qualities[s]?.set(token, value);
      return value;
    };
    const ranked: (RankedHit & { tier: number })[] = top.map((result) => {
      const food = foods[result.id] as IndexedFood;
      let score = RANKING.textScore * (result.score / best) + food.prior;
      // The name starts with the first word typed: « Tomate ronde, crue » for « tomate ».
      const firstToken = food.tokens[0];
      if (firstToken !== undefined) {
        let bonus = FIRST_WORD_BONUS[quality(0, firstToken)] ?? 0;
        for (let s = 1; s < slots.length; s++)
          bonus = Math.max(bonus, RANKING.otherWordFirst * (FIRST_WORD_BONUS[quality(s, firstToken)] ?? 0));
        score += bonus;
      }
      // Words of the query found in the head of the name, not in a qualifier.
      let inHead = 0;
      let matched = 0;
      for (let s = 0; s < slots.length; s++) {
        let where = -1;
        for (let i = 0; i < food.tokens.length; i++) {
          if (quality(s, food.tokens[i] as string) > 0) {
            where = i;
            break;
          }
        }
        if (where >= 0) matched++;
        if (where >= 0 && where < food.headLength) inHead++;
      }
      score += (RANKING.inHead * inHead + RANKING.matched * matched) / slots.length;
      return { hit: food.hit, score, tier: slots.length === 1 ? oneWordTier(food, (token) => quality(0, token)) : 0 };
    });
    // Ties: the shorter name, then a fixed order, whatever the order the foods were indexed in.
    ranked.sort(
      (a, b) =>
        a.tier - b.tier ||
        b.score - a.score ||
        a.hit.name.length - b.hit.name.length ||
        (a.hit.name < b.hit.name ? -1 : a.hit.name > b.hit.name ? 1 : 0),
    );
    return ranked.slice(0, limit).map(({ hit, score }) => ({ hit, score }));
  }

  // The answers to the last RESULTS_KEPT searches: a pure function of the catalogue, which only
  // changes with the process, so nothing ever makes one stale. Cooks ask the same staples again
  // and again (« beurre », « farine », « sel »), each costing the ranking (0.2 ms here) else.
  const kept = new Map<string, readonly IngredientHit[]>();
  function search(query: string, options: SearchOptions = {}): readonly IngredientHit[] {
    const key = `${clampLimit(options.limit)}\u0000${query}`;
    let hits = kept.get(key);
    if (hits) {
      // The most recent last: the oldest goes first past the bound.
      kept.delete(key);
    } else {
      hits = rank(query, options).map((r) => r.hit);
      if (kept.size >= RESULTS_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, hits);
    return hits;
  }

  async function warm(): Promise<number> {
    const queries = warmUpQueries(hits);
    for (let i = 0; i < queries.length; i++) {
      rank(queries[i]!);
      // A cook's request waits at most WARM_UP_SLICE searches behind the warm-up (under 1 ms on a
      // quiet host; up to 26 ms was seen between two turns on a cold process beside a CI run).
      if (i % WARM_UP_SLICE === WARM_UP_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    // Words no cook typed: the kept ones are the cooks' own from now on.
    mini.forget();
    return queries.length;
  }

  return { size: foods.length, rank, search, warm };
}

/**
 * Searches a cook could type, made of the catalogue's own names: the prefixes of one food name
 * in WARM_UP_STRIDE (about 300 searches, 90 ms on this host). Ranked once as the server starts
 * listening (src/server/main.ts), two per turn of the event loop, they let V8 compile the search's code paths (prefix, typo,
 * several words, the fallback to any word) before the first cook types: on a fresh process a
 * new search cost about 0.1 ms more at the median than once warm (bench/api-latency.ts
 * « typing », docs/decisions/0031-the-ingredient-search-as-a-cook-types.md). None of them is
 * kept as an answer, nor their words.
 */
const WARM_UP_STRIDE = 60;
const WARM_UP_SLICE = 2;
export function warmUpQueries(hits: readonly IngredientHit[]): string[] {
  const queries: string[] = [];
  for (let i = 0; i < hits.length; i += WARM_UP_STRIDE) {
    const words = tokenize(hits[i]!.name).slice(0, 2).join(' ');
    for (let end = MIN_QUERY_LENGTH; end <= words.length; end += 2) queries.push(words.slice(0, end));
  }
  return queries;
}

/** Reads the whole catalogue (3,484 rows) and builds the index. */
export async function createCatalogueSearch(db: Kysely<DB>): Promise<CatalogueSearch> {
  const rows = await db
    .selectFrom('catalogue_foods')
    .select(['code', 'name', 'group_name', 'subgroup_name', ...FOOD_NUTRIENT_COLUMNS])
    .orderBy('code')
    .execute();
  // Each hit carries what its food implies (allergens, red meat): the form previews a recipe with it.
  return buildCatalogueSearch(
    rows.map((row) => ({
      kind: 'ciqual' as const,
      id: String(row.code),
      code: String(row.code),
      allergens: [],
      traces: [],
      name: row.name,
      group: row.group_name,
      per100g: toPer100g(row),
      ...foodFacts({ name: row.name, group: row.group_name, subgroup: row.subgroup_name }),
    })),
  );
}

const cache = new WeakMap<Kysely<DB>, Promise<CatalogueSearch>>();

/**
 * The index of this database, built on first use and kept (the catalogue only changes when
 * the server starts and loads a new Ciqual edition). A failed build is retried next time.
 */
export function getCatalogueSearch(db: Kysely<DB>): Promise<CatalogueSearch> {
  let pending = cache.get(db);
  if (!pending) {
    pending = createCatalogueSearch(db);
    cache.set(db, pending);
    pending.catch(() => cache.delete(db));
  }
  return pending;
}

/** Builds the index ahead of the first query (call after loadCatalogue at start). */
export async function warmCatalogueSearch(db: Kysely<DB>): Promise<void> {
  await getCatalogueSearch(db);
}

/** Runs the search's code on searches no cook asked (warmUpQueries), once the server listens. */
export async function warmSearchCode(db: Kysely<DB>): Promise<{ searches: number; ms: number }> {
  const search = await getCatalogueSearch(db);
  const started = performance.now();
  const searches = await search.warm();
  return { searches, ms: Math.round(performance.now() - started) };
}
