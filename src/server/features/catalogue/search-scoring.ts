import MiniSearch, { type Options, type Query } from 'minisearch';
import type { QuerySlot } from './search-terms.ts';

/**
 * MiniSearch's matching and BM25 score for the ingredient search (./search.ts), computed over
 * MiniSearch's own index with each query word's matches kept.
 *
 * Why: as a cook types « pommes de terre », each keystroke is a search new to the process, and
 * every one of them scored « pomme » again, term by term and food by food, building MiniSearch's
 * per-match objects on the way (bench/api-latency.ts « typing »; the profile put MiniSearch's
 * `termResults` and fuzzy lookup at a quarter of the server's time per new search). Here a
 * word's matches (its exact, prefix, typo and synonym terms, scored) are computed once and kept
 * (KEPT_MATCHES), and the words of a query are combined without touching them.
 *
 * The result is MiniSearch's own, to the last bit: the same terms in the same order (its radix
 * tree's `get`, `atPrefix` and `fuzzyGet`), the same BM25 formula and weights, the same sums in
 * the same order, the same combination of the words (AND, or OR in the fallback), the same
 * « quality » factor and the same stable sort. `search.test.ts` compares both on every prefix a
 * cook types, the relevance queries and random queries with typos, score for score: a MiniSearch
 * upgrade that changes any of it fails there (the version is pinned in package.json).
 */

/** One food's score for a word or a query, and which typed words (or synonyms) it matched. */
interface Match {
  readonly score: number;
  readonly terms: readonly string[];
}
type Matches = ReadonlyMap<number, Match>;

export interface ScoredFood {
  /** The food's position in the indexed list. */
  id: number;
  score: number;
}

/**
 * Matches kept, all words together: the oldest words go past it. The search is public, so the
 * bound is on what the words weigh, not on their number (a short prefix matches a thousand foods,
 * a long word a handful): about 80 bytes a match (measured: 69,295 matches, 5.7 MB of heap), some
 * 16 MB at most, several thousand typed words.
 */
export const KEPT_MATCHES = 200_000;

/** MiniSearch's defaults (minisearch 7.2 `defaultSearchOptions`), which our options keep. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** MiniSearch's `calcBM25Score`. */
function bm25(
  termFreq: number,
  matchingCount: number,
  totalCount: number,
  fieldLength: number,
  avgFieldLength: number,
): number {
  const { k, b, d } = BM25;
  const invDocFreq = Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)));
}

function unionTerms(a: readonly string[], b: readonly string[]): readonly string[] {
  let out: string[] | null = null;
  for (const term of b) {
    if (a.includes(term) || out?.includes(term)) continue;
    out ??= [...a];
    out.push(term);
  }
  return out ?? a;
}

/** MiniSearch's OR: a's foods in a's order, then b's new ones; neither map is changed. */
function or(a: Matches, b: Matches): Matches {
  const out = new Map(a);
  for (const [id, match] of b) {
    const existing = out.get(id);
    out.set(
      id,
      existing ? { score: existing.score + match.score, terms: unionTerms(existing.terms, match.terms) } : match,
    );
  }
  return out;
}

/** MiniSearch's AND: the foods of both, in b's order; neither map is changed. */
function and(a: Matches, b: Matches): Matches {
  const out = new Map<number, Match>();
  for (const [id, match] of b) {
    const existing = a.get(id);
    if (existing) out.set(id, { score: existing.score + match.score, terms: unionTerms(existing.terms, match.terms) });
  }
  return out;
}

type Indexed = { id: number; name: string; note: string };
/** MiniSearch's index entry of a term: field id → food (short id) → the term's count in that field. */
type FieldTermData = Map<number, Map<number, number>>;

export class KeptWordSearch extends MiniSearch<Indexed> {
  private readonly boosts: readonly (readonly [fieldId: number, boost: number])[];
  private readonly kept = new Map<string, Matches>();
  /** The matches of the kept words, summed. */
  private keptMatches = 0;

  /** @param keptMatches the bound on the kept words' matches (KEPT_MATCHES; smaller in tests). */
  constructor(
    options: Options<Indexed> & { searchOptions: { boost: Record<string, number> } },
    private readonly keptMatchesMax = KEPT_MATCHES,
  ) {
    super(options);
    this.boosts = options.fields.map(
      (field) => [this._fieldIds[field] ?? -1, options.searchOptions.boost[field] || 1] as const,
    );
  }

  /** The foods matching every word (or, with `any`, at least one), best first, as MiniSearch's `search` ranks them. */
  scored(slots: readonly QuerySlot[], any = false): ScoredFood[] {
    this.current();
    if (slots.length === 0) return [];
    let combined = this.slot(slots[0]!);
    for (let s = 1; s < slots.length; s++)
      combined = any ? or(combined, this.slot(slots[s]!)) : and(combined, this.slot(slots[s]!));
    const out: ScoredFood[] = [];
    for (const [shortId, { score, terms }] of combined)
      out.push({ id: this._documentIds.get(shortId) as number, score: score * (terms.length || 1) });
    return out.sort((a, b) => b.score - a.score);
  }

  /** The matches of the kept words, summed (at most the bound). */
  get keptMatchCount(): number {
    return this.keptMatches;
  }

  /** Drops the kept words (after the start's warm-up, whose words no cook typed). */
  forget(): void {
    this.kept.clear();
    this.keptMatches = 0;
  }

  /** The MiniSearch query `scored` answers (the equivalence test asks MiniSearch itself). */
  static query(slots: readonly QuerySlot[], any = false): Query {
    return { combineWith: any ? 'OR' : 'AND', queries: slots.map(slotQuery) };
  }

  /** A word's matches: its typed form (exact, prefix, typos), OR its synonyms (exact); kept. */
  private slot(slot: QuerySlot): Matches {
    const key = `${slot.term}\u0000${slot.edits}\u0000${slot.also.join('\u0000')}`;
    let matches = this.kept.get(key);
    if (matches) {
      // The most recent last: the oldest goes first past the bound.
      this.kept.delete(key);
      this.kept.set(key, matches);
      return matches;
    }
    matches = this.term(slot.term, true, slot.edits);
    if (slot.also.length > 0) {
      let also: Matches = this.term(slot.also[0]!, false, 0);
      for (let i = 1; i < slot.also.length; i++) also = or(also, this.term(slot.also[i]!, false, 0));
      matches = or(matches, also);
    }
    this.kept.set(key, matches);
    this.keptMatches += matches.size;
    for (const [oldest, dropped] of this.kept) {
      if (this.keptMatches <= this.keptMatchesMax) break;
      this.kept.delete(oldest);
      this.keptMatches -= dropped.size;
    }
    return matches;
  }

  /** Each field's length per food (short id), read from MiniSearch's map once the foods are in. */
  private byField: Float64Array[] = [];
  /** The index these lengths and the kept words were read from: MiniSearch's next id and count. */
  private readFrom = { nextId: -1, count: -1 };
  /** A term's sums per food (short id), and which foods it touched in MiniSearch's order. */
  private sums = new Float64Array(0);
  private touched = new Int32Array(0);

  /**
   * The index is filled once, then only searched (buildCatalogueSearch). A food added or removed
   * since the last search reads the lengths again and drops the kept words; a food discarded
   * (MiniSearch's lazy removal, which its own search skips one match at a time) is refused
   * rather than scored. Called before every search, kept words or not.
   */
  private current(): void {
    if (this._dirtCount > 0)
      throw new Error('KeptWordSearch: a discarded document would still be scored; build the index again instead');
    if (this.readFrom.nextId === this._nextId && this.readFrom.count === this._documentCount) return;
    const size = this._nextId;
    this.byField = this.boosts.map(() => new Float64Array(size));
    for (const [shortId, lengths] of this._fieldLength) {
      this.boosts.forEach(([fieldId], f) => (this.byField[f]![shortId] = lengths[fieldId]!));
    }
    this.sums = new Float64Array(size).fill(Number.NaN);
    this.touched = new Int32Array(size);
    this.readFrom = { nextId: this._nextId, count: this._documentCount };
    this.forget();
  }

  /** MiniSearch's `executeQuerySpec` for one term (term boost 1, no document boost). */
  private term(term: string, prefix: boolean, edits: number): Matches {
    const byField = this.byField;
    // Summed per food in MiniSearch's order (a NaN marks a food not met yet); every match of one
    // term has the same typed word.
    const sums = this.sums;
    const touched = this.touched;
    let count = 0;
    const documents = this._documentCount;
    const add = (weight: number, data: FieldTermData | undefined) => {
      if (data == null) return;
      for (let f = 0; f < this.boosts.length; f++) {
        const [fieldId, fieldBoost] = this.boosts[f]!;
        const freqs = data.get(fieldId);
        if (freqs == null) continue;
        const matching = freqs.size;
        const avgFieldLength = this._avgFieldLength[fieldId]!;
        const lengths = byField[f]!;
        for (const [shortId, termFreq] of freqs) {
          const weighted =
            weight * 1 * fieldBoost * 1 * bm25(termFreq, matching, documents, lengths[shortId]!, avgFieldLength);
          const sum = sums[shortId]!;
          if (Number.isNaN(sum)) {
            sums[shortId] = weighted;
            touched[count++] = shortId;
          } else {
            sums[shortId] = sum + weighted;
          }
        }
      }
    };
    add(1, this._index.get(term));
    const fuzzy = edits > 0 ? this._index.fuzzyGet(term, edits) : undefined;
    if (prefix) {
      for (const [derived, data] of this._index.atPrefix(term)) {
        const distance = derived.length - term.length;
        if (!distance) continue;
        fuzzy?.delete(derived);
        add((PREFIX_WEIGHT * derived.length) / (derived.length + 0.3 * distance), data);
      }
    }
    if (fuzzy) {
      for (const [derived, [data, distance]] of fuzzy) {
        if (!distance) continue;
        add((FUZZY_WEIGHT * derived.length) / (derived.length + distance), data);
      }
    }
    const terms = [term] as const;
    const results = new Map<number, Match>();
    for (let i = 0; i < count; i++) {
      const shortId = touched[i]!;
      results.set(shortId, { score: sums[shortId]!, terms });
      sums[shortId] = Number.NaN;
    }
    return results;
  }
}

function slotQuery(slot: QuerySlot): Query {
  const typed: Query = { queries: [slot.term], prefix: true, fuzzy: slot.edits || false };
  if (slot.also.length === 0) return typed;
  return { combineWith: 'OR', queries: [typed, { queries: slot.also, prefix: false, fuzzy: false }] };
}
