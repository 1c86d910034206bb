import { foldText } from '../../../shared/allergens.ts';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { normalizeTerm, singular, tokenize } from './search-terms.ts';

/**
 * The query-independent part of the ranking: each food's name split into its main words and
 * bracketed notes, and a prior score from cook signals (raw is the basic form; composed,
 * pre-packed and flavoured dishes come later; shorter names are more generic).
 */

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
const FLAVOURED_WORDS = new Set(
  ['sale', 'salee', 'sucre', 'sucree', 'aromatise', 'aromatisee', 'fume', 'fumee'].map(singular),
);
/** « Sel au céleri », « Riz au lait », « Tomate à la provençale »: a flavoured or composed food. */
const FLAVOUR_LINKS = new Set(['au', 'aux', 'avec']);
/**
 * Names whose first word is another food than the one they name (folded, as tokenize writes them):
 * typing « pommes » means apples, not potatoes; « pain », bread, not gingerbread. A « Champignon de
 * Paris » or a « Farine de blé » is still the food its first word says: not listed.
 */
const OTHER_FOODS =
  /^ (pomme de terre|beurre de (cacahuete|cacao)|lait (de|d) (coco|amande|soja|riz|avoine)|eau de (vie|coco)|noix de coco|creme de marron|pate (de fruit|d amande)|fruit de la passion|pain d epice)/;
/** By match quality of the name's first word with a query word: none, typo, prefix, exact. */
export const FIRST_WORD_BONUS = [0, 0.6, 0.8, 1.2];

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

export interface IndexedFood {
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
  /** Normalised words of the bracketed notes (« Pain blanc (par ex. : baguette, boule…) »). */
  noteTokens: string[];
  /** A composed dish (Ciqual's « entrées et plats composés »): after the plain foods for one word. */
  dish: boolean;
  /** « Pomme de terre », « Beurre de cacahuète »: another food than its first word, for one word (OTHER_FOODS). */
  compound: boolean;
}

/** Normalised words of a text, stop words removed. */
function words(text: string): string[] {
  return tokenize(text)
    .map(normalizeTerm)
    .filter((t): t is string => t !== null);
}

export function indexFood(hit: IngredientHit): IndexedFood {
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
  if (all.some((t) => RAW_WORDS.has(t)) && !(hit.group && NOT_RAW_GROUPS.has(foldText(hit.group))))
    prior += RANKING.raw;
  const foldedName = ` ${tokenize(hit.name).join(' ')} `;
  if (all.some((t) => PLAIN_WORDS.has(t)) || / sans sel ajoute | sans sucres? ajoutes? /.test(foldedName))
    prior += RANKING.plain;
  if (all.slice(1).some((t) => FLAVOURED_WORDS.has(t))) prior -= RANKING.flavouredQualifier;
  if (/ aliment moyen | sans precision /.test(foldedName)) prior += RANKING.average;
  // « X au Y », « X à la Y », « X avec Y » in the head: flavoured or composed.
  const headWords = tokenize(headText);
  if (headWords.slice(1).some((w) => FLAVOUR_LINKS.has(w)) || / a la | a l /.test(` ${headWords.join(' ')} `))
    prior -= RANKING.flavoured;
  else if (/ (?:au|aux|avec|a la|a l) /.test(foldedName)) prior -= RANKING.flavouredLater;
  // Shorter names are the more generic ones.
  // Figures (« 80% MG », « T55 ») tell a grade, not another food: they do not count.
  prior -= RANKING.perWord * tokens.filter((t) => !/\d/.test(t) && t !== 'mg').length;
  const dish = Boolean(hit.group && foldText(hit.group) === COMPOSED_GROUP);
  const compound = OTHER_FOODS.test(` ${tokenize(headText).join(' ')} `);
  return {
    hit,
    main,
    note: notes.join(' '),
    tokens,
    headLength,
    prior,
    noteTokens: words(notes.join(' ')),
    dish,
    compound,
  };
}
