/** What a kept entry shows, so that a change announced for it drops it. */
export interface Scope {
  organisationId: string;
  menuId: string;
}

interface Entry<V> extends Scope {
  value: V;
  /** Epoch ms after which the entry is not used (a subscription that ends, say). */
  validUntil: number;
  weight: number;
}

/**
 * Values derived from the database, kept in memory while nothing they show has changed
 * (docs/decisions/0022-performance-at-the-physical-limit.md). Changes arrive as the payloads
 * of the `nutricarte_public` channel (src/server/db/migrations/0015-performance.ts):
 * `o:<organisation id>`, `m:<menu id>` or `*`. While the listening connection is down nothing is
 * served from here, and what was kept is dropped. Bounded by weight, the oldest kept first.
 *
 * A load that started before a change may finish after it: `generation()` before the query,
 * handed to `set`, refuses such a value.
 */
export class InvalidatedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #weight = 0;
  #generation = 0;
  #listening = true;

  constructor(
    private readonly maxWeight: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  generation(): number {
    return this.#generation;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= this.now()) {
      this.#drop(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` unless a change arrived since `generation` was read, or nothing is listening. */
  set(key: string, scope: Scope, value: V, options: { generation: number; validUntil: number; weight?: number }): void {
    if (!this.#listening || options.generation !== this.#generation) return;
    const weight = options.weight ?? 1;
    if (weight > this.maxWeight) return;
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    this.#entries.set(key, { ...scope, value, validUntil: options.validUntil, weight });
    this.#weight += weight;
    for (const [oldKey, entry] of this.#entries) {
      if (this.#weight <= this.maxWeight) break;
      this.#drop(oldKey, entry);
    }
  }

  /** A `nutricarte_public` payload. */
  changed(payload: string): void {
    this.#generation += 1;
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind !== 'o:' && kind !== 'm:') return this.#clear();
    for (const [key, entry] of this.#entries) {
      if ((kind === 'o:' ? entry.organisationId : entry.menuId) === id) this.#drop(key, entry);
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
    this.#weight = 0;
  }

  #drop(key: string, entry: Entry<V>) {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
