import { foldText } from '../../../shared/allergens.ts';

/**
 * The words of the ingredient search: folding (case, accents, ligatures), French plurals made
 * singular, small words dropped, a typed query parsed into slots, and how well a name's word
 * matches a slot (exact or synonym, prefix, typo). Used to index foods and to re-rank hits.
 */

/** Longer queries are cut: nobody types more to find a food, and it bounds the work. */
const MAX_QUERY_TERMS = 8;

// --- text processing -------------------------------------------------------------------

/** Words that never tell foods apart (compared after folding). */
const STOP_WORDS = new Set([
  'de',
  'du',
  'des',
  'd',
  'la',
  'le',
  'les',
  'l',
  'a',
  'au',
  'aux',
  'et',
  'ou',
  'en',
  'un',
  'une',
  'ex',
  'par',
]);

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
function maxEdits(term: string): number {
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

export interface QuerySlot {
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
export function matchQuality(slot: QuerySlot, token: string): number {
  if (token === slot.term || slot.also.includes(token)) return 3;
  if (token.startsWith(slot.term)) return 2;
  if (slot.edits > 0 && editDistance(slot.term, token, slot.edits) <= slot.edits) return 1;
  return 0;
}
