/** `change`: the menu changed; `close`: the process stops, the page's stream must end. */
type Listener = (event: 'change' | 'close') => void;

interface Subscriber {
  organisationId: string;
  listener: Listener;
}

/**
 * The public pages open in this process, by menu, told when their menu changes (live « Épuisé »,
 * docs/decisions/0020-languages-filter-live-availability.md). It does not listen itself: the
 * process's one LISTEN on the `nutricarte_cache` channel (src/server/diner.ts, payloads of
 * src/server/db/migrations/0015-performance.ts) hands it each payload AFTER the page cache has
 * dropped what the change made stale, so a page that fetches itself on `change` gets the new bytes
 * (docs/decisions/0022 « One channel »). `m:<menu>` tells that menu's pages, `o:<organisation>`
 * every page of the organisation, anything else untagged (`*`, a lost and reopened connection)
 * every page.
 */
export class MenuChangeFeed {
  readonly #byMenu = new Map<string, Set<Subscriber>>();
  #closed = false;

  /** Pages currently subscribed, all menus together. */
  get size(): number {
    let n = 0;
    for (const set of this.#byMenu.values()) n += set.size;
    return n;
  }

  /** From now on, a change of `menuId` (or of its organisation) reaches `listener`; returns the way out. */
  subscribe(menuId: string, organisationId: string, listener: Listener): () => void {
    if (this.#closed) throw new Error('menu change feed closed');
    const subscriber: Subscriber = { organisationId, listener };
    let set = this.#byMenu.get(menuId);
    if (!set) this.#byMenu.set(menuId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.#byMenu.get(menuId) === set) this.#byMenu.delete(menuId);
    };
  }

  /** A payload of the `nutricarte_cache` channel; sessions', users', accounts' and own ingredients' payloads concern no page. */
  changed(payload: string): void {
    if (payload.startsWith('m:')) return this.#emit(this.#byMenu.get(payload.slice(2)));
    if (payload.startsWith('o:')) {
      const organisationId = payload.slice(2);
      for (const set of [...this.#byMenu.values()]) this.#emit(set, organisationId);
      return;
    }
    if (payload.startsWith('s:') || payload.startsWith('u:') || payload.startsWith('c:') || payload.startsWith('i:'))
      return;
    this.everything();
  }

  /** Notifications may have been missed (the listening connection came back): every open page checks again. */
  everything(): void {
    for (const set of [...this.#byMenu.values()]) this.#emit(set);
  }

  #emit(set: Set<Subscriber> | undefined, organisationId?: string) {
    for (const subscriber of [...(set ?? [])]) {
      if (organisationId === undefined || subscriber.organisationId === organisationId) subscriber.listener('change');
    }
  }

  /** The process stops: every open stream ends (the browser reconnects to another process). */
  close(): void {
    this.#closed = true;
    const open = [...this.#byMenu.values()].flatMap((set) => [...set]);
    this.#byMenu.clear();
    for (const { listener } of open) listener('close');
  }
}
