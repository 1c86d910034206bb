/**
 * What a kept entry depends on, as the payloads that announce a change to it:
 * `o:<organisation id>`, `m:<menu id>`, `s:<session token>`, `u:<user id>`, `c:<organisation id>`
 * (its counts and names, for GET /api/me: migration 0019), `i:<organisation id>` (its products
 * and recipes, for the ingredient search: migration 0020).
 */
export type Tags = readonly string[];

interface Entry<V> {
  tags: Tags;
  value: V;
  /** Epoch ms after which the entry is not used (a subscription that ends, say). */
  validUntil: number;
  weight: number;
}

/**
 * Values derived from the database, kept in memory while nothing they show has changed
 * (docs/decisions/0022-performance-at-the-physical-limit.md). Changes arrive as the payloads
 * of the `nutricarte_cache` channel (src/server/db/migrations/0015-performance.ts):
 * an entry goes when a payload names one of its tags; any other payload (`*`) drops them all. While the listening connection is down nothing is
 * served from here, and what was kept is dropped. Bounded by weight, the oldest kept first.
 *
 * A load that started before a change may finish after it: `generation()` before the query,
 * handed to `set`, refuses such a value when a change to one of ITS tags (or a reset) arrived
 * meanwhile; changes to other menus or sessions do not refuse it, so a busy channel does not
 * keep a page from being kept.
 *
 * A change costs what it drops, not what is kept: each tag knows its keys. (The first version
 * went through every entry for every payload: with the 100,000 sessions and accounts a process
 * may keep, each write paid that many comparisons in each cache: 1.7 ms per change and cache
 * with 100,000 entries kept on this host, against 1.5 µs with the index.)
 */
const TAGGED = /^[omsuci]:./;
const MAX_CHANGED_TAGS = 10_000;

export class InvalidatedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  /** The keys of the kept entries that carry each tag. */
  readonly #keysByTag = new Map<string, Set<string>>();
  #weight = 0;
  #generation = 0;
  /** The generation of the last change of each recently changed tag, and of the last reset. */
  readonly #changedAt = new Map<string, number>();
  #clearedAt = 0;
  #listening = true;

  constructor(
    private readonly maxWeight: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Reads that found a live entry, and those that did not (GET /metrics: src/server/metrics.ts). */
  readonly stats = { hits: 0, misses: 0 };

  generation(): number {
    return this.#generation;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.stats.misses += 1;
      return undefined;
    }
    if (entry.validUntil <= this.now()) {
      this.#drop(key, entry);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return entry.value;
  }

  /** Keeps `value` unless a change arrived since `generation` was read, or nothing is listening. */
  set(key: string, tags: Tags, value: V, options: { generation: number; validUntil: number; weight?: number }): void {
    if (!this.#listening || this.#clearedAt > options.generation) return;
    if (tags.some((tag) => (this.#changedAt.get(tag) ?? -1) > options.generation)) return;
    const weight = options.weight ?? 1;
    if (weight > this.maxWeight) return;
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    this.#entries.set(key, { tags, value, validUntil: options.validUntil, weight });
    this.#weight += weight;
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.#keysByTag.set(tag, new Set([key]));
    }
    for (const [oldKey, entry] of this.#entries) {
      if (this.#weight <= this.maxWeight) break;
      this.#drop(oldKey, entry);
    }
  }

  /** A `nutricarte_cache` payload. */
  changed(payload: string): void {
    this.#generation += 1;
    if (!TAGGED.test(payload)) return this.#clear();
    // Bounded: past that many, forgetting which tags changed refuses every load under way.
    if (this.#changedAt.size >= MAX_CHANGED_TAGS) this.#clear();
    this.#changedAt.set(payload, this.#generation);
    const keys = this.#keysByTag.get(payload);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.#entries.get(key);
      if (entry) this.#drop(key, entry);
    }
  }

  /** The listening connection dropped (`false`) or is back (`true`): what was kept may be stale. */
  reset(listening: boolean): void {
    this.#generation += 1;
    this.#listening = listening;
    this.#clear();
  }

  #clear() {
    this.#entries.clear();
    this.#keysByTag.clear();
    this.#changedAt.clear();
    this.#clearedAt = this.#generation;
    this.#weight = 0;
  }

  #drop(key: string, entry: Entry<V>) {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = this.#keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.#keysByTag.delete(tag);
    }
  }

  /** How many tags have kept entries (tests: the index holds no tag of a dropped entry). */
  get tagCount(): number {
    return this.#keysByTag.size;
  }
}
