import MiniSearch, { type Query } from 'minisearch';
import type { Kysely } from 'kysely';
import { foldText } from '../../../shared/allergens.ts';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import type { DB } from '../../db/schema.ts';
import { FOOD_NUTRIENT_COLUMNS, toPer100g } from './foods.ts';

/**
 * Ingredient search over the Ciqual catalogue (API.md « Catalogue »), built on MiniSearch.
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
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
/** Longer queries are cut: nobody types more to find a food, and it bounds the work. */
const MAX_QUERY_TERMS = 8;
/** How many of MiniSearch's best results are re-ranked. */
const RERANK_WINDOW = 400;

// --- text processing -------------------------------------------------------------------

/** Words that never tell foods apart (compared after folding). */
const STOP_WORDS = new Set(['de', 'du', 'des', 'd', 'la', 'le', 'les', 'l', 'a', 'au', 'aux', 'et', 'ou', 'en', 'un', 'une', 'ex', 'par']);

const SPLIT = /[^\p{L}\p{N}]+/u;

/** Folded words of a text, stop words included (the positions matter for the head). */
export function tokenize(text: string): string[] {
  return foldText(text).split(SPLIT).filter(Boolean);
}

/**
 * Light French singular on a folded word: « lardons » → « lardon », « choux » → « chou »,
 * « gateaux » → « gateau ». Applied the same way to the names and to the query, so it only
 * has to be consistent, not linguistically perfect (« frais » → « frai » on both sides).
 */
export function singular(word: string): string {
  if (word.length < 4) return word;
  if (word.endsWith('x') && /(?:au|eu|ou)x$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A folded word as indexed and searched, or null for a stop word. */
export function normalizeTerm(word: string): string | null {
  if (!word || STOP_WORDS.has(word)) return null;
  return singular(word);
}

/** Typo tolerance by word length: none under 4 letters, one edit from 4, two from 8. */
export function maxEdits(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}

/**
 * Cook words that Ciqual spells otherwise, applied when the other word is in the query:
 * « crème fraîche » is « Crème …, épaisse, rayon frais », « crème liquide » is « …, fluide »,
 * « jambon blanc » is « Jambon cuit ». A typed prefix of the word counts (« creme liq »).
 */
const CONTEXT_SYNONYMS: readonly { with: string; word: string; also: readonly string[] }[] = [
  { with: 'creme', word: 'fraiche', also: ['epaisse', 'frai'] },
  { with: 'creme', word: 'liquide', also: ['fluide'] },
  { with: 'jambon', word: 'blanc', also: ['cuit'] },
];

interface QuerySlot {
  /** The typed word, normalised; matched as exact, prefix or within `edits`. */
  term: string;
  edits: number;
  /** Synonyms, matched exactly. */
  also: string[];
}

export function parseQuery(query: string): QuerySlot[] {
  let terms: string[] = [];
  for (const word of tokenize(query)) {
    const term = normalizeTerm(word);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length >= MAX_QUERY_TERMS) break;
  }
  // A lone letter being typed (« creme f ») would match half the catalogue: wait for the next.
  if (terms.length > 1) terms = terms.filter((t) => t.length > 1 || /\d/.test(t));
  return terms.map((term) => {
    const also = new Set<string>();
    for (const rule of CONTEXT_SYNONYMS) {
      if (term.length >= 3 && rule.word.startsWith(term) && terms.includes(rule.with)) {
        for (const alt of rule.also) if (alt !== term) also.add(alt);
      }
    }
    return { term, edits: maxEdits(term), also: [...also] };
  });
}

// --- matching signals for the re-ranking -------------------------------------------------

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** 3 exact (or synonym), 2 prefix, 1 typo, 0 none. */
function matchQuality(slot: QuerySlot, token: string): number {
  if (token === slot.term || slot.also.includes(token)) return 3;
  if (token.startsWith(slot.term)) return 2;
  if (slot.edits > 0 && editDistance(slot.term, token, slot.edits) <= slot.edits) return 1;
  return 0;
}

// --- the static part of the ranking ------------------------------------------------------

const COMPOSED_GROUP = 'entrees et plats composes';
/** Words of a name (normalised) that mark a less basic food, with their penalty. */
const PENALTY_WORDS: ReadonlyMap<string, number> = new Map([
  ['preemballe', 0.6],
  ['preemballee', 0.6],
  ['plat', 0.4],
  ['sauce', 0.4],
  ['farci', 0.4],
  ['farcie', 0.4],
  ['fourre', 0.3],
  ['fourree', 0.3],
  ['cuisine', 0.3],
  ['cuisinee', 0.3],
  ['prelevee', 0.5],
  ['preleve', 0.5],
  ['enrichi', 0.3],
  ['edulcorant', 0.3],
  ['surgele', 0.15],
  ['surgelee', 0.15],
  ['appertise', 0.15],
  ['appertisee', 0.15],
  ['reduite', 0.2],
  ['allege', 0.2],
  ['allegee', 0.2],
  ['bio', 0.1],
  ['label', 0.1],
  // « Beurre ou assimilé … »: butter or a spread like it.
  ['assimile', 0.3],
]);
const RAW_WORDS = new Set(['cru', 'crue']);
const NOT_RAW_GROUPS = new Set(['produits laitiers']);
/** The plain form: « Lardon nature », « Beurre …, doux ». */
const PLAIN_WORDS = new Set(['nature', 'doux'].map(singular));
/** Flavoured forms, after the first word (« Sucre blanc » is not « …, sucré »). */
const FLAVOURED_WORDS = new Set(['sale', 'salee', 'sucre', 'sucree', 'aromatise', 'aromatisee', 'fume', 'fumee'].map(singular));
/** « Sel au céleri », « Riz au lait », « Tomate à la provençale »: a flavoured or composed food. */
const FLAVOUR_LINKS = new Set(['au', 'aux', 'avec']);
/** By match quality of the name's first word with a query word: none, typo, prefix, exact. */
const FIRST_WORD_BONUS = [0, 0.6, 0.8, 1.2];

/** The weights of the re-ranking, tuned on relevance-queries.ts (and checked beyond it). */
export const RANKING = {
  /** MiniSearch's BM25 score, relative to the best result. */
  textScore: 1.5,
  /** The first word of the name matches a later word of the query (« olive huile »). */
  otherWordFirst: 0.9,
  /** Share of the query words in the head of the name / anywhere in it. */
  inHead: 0.6,
  matched: 0.5,
  composedGroup: 1,
  flavoured: 0.5,
  /** The same after the head: « Olive noire, à l'huile », « Sardine, à l'huile d'olive ». */
  flavouredLater: 0.2,
  raw: 0.4,
  plain: 0.15,
  flavouredQualifier: 0.15,
  /** Ciqual's average of a food (« Tomate sans précision, crue (aliment moyen) ») is the generic one. */
  average: 0.15,
  perWord: 0.05,
  staple: 0.08,
  /** The longest « X ou Y » alternative name (in words) set aside as a note. */
  alternativeWords: 2,
  noteBoost: 0.02,
};

interface IndexedFood {
  hit: IngredientHit;
  /** The name without its bracketed notes (« (aliment moyen) », « (pour pains) »). */
  main: string;
  /** The bracketed notes, searched with a lower weight. */
  note: string;
  /** Normalised words of `main`, stop words removed. */
  tokens: string[];
  /** How many of `tokens` are in the head: the part before the first comma. */
  headLength: number;
  /** Query-independent score: raw bonus, penalties, length, staple. */
  prior: number;
}

/** Normalised words of a text, stop words removed. */
function words(text: string): string[] {
  return tokenize(text)
    .map(normalizeTerm)
    .filter((t): t is string => t !== null);
}

function indexFood(hit: IngredientHit): IndexedFood {
  const notes: string[] = [];
  let main = hit.name.replace(/\(([^)]*)\)?/g, (_, inner: string) => {
    notes.push(inner);
    return ' ';
  });
  // « Farine de blé tendre ou froment T55 », « Emmental ou emmenthal »: what follows « ou »
  // in the head is another name of the same food, not a more specific food.
  const comma = main.indexOf(',');
  const head = comma < 0 ? main : main.slice(0, comma);
  const alternative = / ou /i.exec(head);
  if (alternative && words(head.slice(alternative.index + 4)).length <= RANKING.alternativeWords) {
    notes.push(head.slice(alternative.index + 4));
    main = head.slice(0, alternative.index) + main.slice(head.length);
  }
  const headText = main.split(',', 1)[0] ?? main;
  const tokens = words(main);
  const headLength = words(headText).length;
  const all = [...tokens, ...words(notes.join(' '))];

  let prior = 0;
  if (hit.group && foldText(hit.group) === COMPOSED_GROUP) prior -= RANKING.composedGroup;
  for (const token of new Set(all)) prior -= PENALTY_WORDS.get(token) ?? 0;
  // Raw is the basic form of produce, meat, fish and grains, not of milk (« Lait entier, cru »).
  if (all.some((t) => RAW_WORDS.has(t)) && !(hit.group && NOT_RAW_GROUPS.has(foldText(hit.group)))) prior += RANKING.raw;
  const foldedName = ` ${tokenize(hit.name).join(' ')} `;
  if (all.some((t) => PLAIN_WORDS.has(t)) || / sans sel ajoute | sans sucres? ajoutes? /.test(foldedName)) prior += RANKING.plain;
  if (all.slice(1).some((t) => FLAVOURED_WORDS.has(t))) prior -= RANKING.flavouredQualifier;
  if (/ aliment moyen | sans precision /.test(foldedName)) prior += RANKING.average;
  // « X au Y », « X à la Y », « X avec Y » in the head: flavoured or composed.
  const headWords = tokenize(headText);
  if (headWords.slice(1).some((w) => FLAVOUR_LINKS.has(w)) || / a la | a l /.test(` ${headWords.join(' ')} `)) prior -= RANKING.flavoured;
  else if (/ (?:au|aux|avec|a la|a l) /.test(foldedName)) prior -= RANKING.flavouredLater;
  // Shorter names are the more generic ones.
  // Figures (« 80% MG », « T55 ») tell a grade, not another food: they do not count.
  prior -= RANKING.perWord * tokens.filter((t) => !/\d/.test(t) && t !== 'mg').length;
  return { hit, main, note: notes.join(' '), tokens, headLength, prior };
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
  /** The best foods for what the cook typed; fewer than 3 characters → none. */
  search(query: string, options?: SearchOptions): IngredientHit[];
  /** Same, with the final scores (tests and tuning). */
  rank(query: string, options?: SearchOptions): RankedHit[];
}

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

/** Builds the index over these foods (the whole catalogue, 3,484 foods: 0.1 to 0.3 s). */
export function buildCatalogueSearch(hits: readonly IngredientHit[]): CatalogueSearch {
  const foods = hits.map(indexFood);
  // Ciqual details its staples in many variants (7 « Farine de blé tendre ou froment … »,
  // 1 « Farine de riz »): a food whose first two words are shared by many is a staple.
  const stem = (food: IndexedFood) => food.tokens.slice(0, 2).join(' ');
  const variants = new Map<string, number>();
  for (const food of foods) variants.set(stem(food), (variants.get(stem(food)) ?? 0) + 1);
  for (const food of foods) food.prior += RANKING.staple * Math.log(variants.get(stem(food)) ?? 1);
  const mini = new MiniSearch<{ id: number; name: string; note: string }>({
    fields: ['name', 'note'],
    idField: 'id',
    tokenize,
    processTerm: (term) => normalizeTerm(term),
    searchOptions: { combineWith: 'AND', boost: { note: RANKING.noteBoost } },
  });
  mini.addAll(foods.map((food, id) => ({ id, name: food.main, note: food.note })));

  // Query terms are already normalised: MiniSearch must take them as they are.
  const asIs = { tokenize: (t: string) => [t], processTerm: (t: string) => t };

  function slotQuery(slot: QuerySlot): Query {
    const typed: Query = { queries: [slot.term], prefix: true, fuzzy: slot.edits || false };
    if (slot.also.length === 0) return typed;
    return { combineWith: 'OR', queries: [typed, { queries: slot.also, prefix: false, fuzzy: false }] };
  }

  function rank(query: string, options: SearchOptions = {}): RankedHit[] {
    const limit = clampLimit(options.limit);
    // Characters that count: letters and digits (« b%? » is one letter).
    if (tokenize(query).join(' ').length < MIN_QUERY_LENGTH) return [];
    const slots = parseQuery(query);
    if (slots.length === 0) return [];

    let results = mini.search({ combineWith: 'AND', queries: slots.map(slotQuery) }, asIs);
    // Nothing has every word: fall back to any word of 3 letters or more, the re-ranking
    // favours the foods with the most.
    const longer = slots.filter((slot) => slot.term.length >= 3);
    if (results.length === 0 && slots.length > 1 && longer.length > 0) {
      results = mini.search({ combineWith: 'OR', queries: longer.map(slotQuery) }, asIs);
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
    const ranked: RankedHit[] = top.map((result) => {
      const food = foods[result.id as number] as IndexedFood;
      let score = RANKING.textScore * (result.score / best) + food.prior;
      // The name starts with the first word typed: « Tomate ronde, crue » for « tomate ».
      const firstToken = food.tokens[0];
      if (firstToken !== undefined) {
        let bonus = FIRST_WORD_BONUS[quality(0, firstToken)] ?? 0;
        for (let s = 1; s < slots.length; s++) bonus = Math.max(bonus, RANKING.otherWordFirst * (FIRST_WORD_BONUS[quality(s, firstToken)] ?? 0));
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
      return { hit: food.hit, score };
    });
    // Ties: the shorter name, then a fixed order, whatever the order the foods were indexed in.
    ranked.sort((a, b) => b.score - a.score || a.hit.name.length - b.hit.name.length || (a.hit.name < b.hit.name ? -1 : a.hit.name > b.hit.name ? 1 : 0));
    return ranked.slice(0, limit);
  }

  return {
    size: foods.length,
    rank,
    search: (query, options) => rank(query, options).map((r) => r.hit),
  };
}

/** Reads the whole catalogue (3,484 rows) and builds the index. */
export async function createCatalogueSearch(db: Kysely<DB>): Promise<CatalogueSearch> {
  const rows = await db
    .selectFrom('catalogue_foods')
    .select(['code', 'name', 'group_name', ...FOOD_NUTRIENT_COLUMNS])
    .orderBy('code')
    .execute();
  return buildCatalogueSearch(rows.map((row) => ({ code: String(row.code), name: row.name, group: row.group_name, per100g: toPer100g(row) })));
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
