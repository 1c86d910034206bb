import type { Database } from '../../db/database.ts';
import { MENU_CHANGED_CHANNEL } from '../../domain/menu-changes.ts';

/** `change`: the menu changed; `close`: the process stops, the page's stream must end. */
type Listener = (event: 'change' | 'close') => void;

/**
 * The public pages open in this process, by menu, told when their menu changes (issue 18):
 * one LISTEN per process on MENU_CHANGED_CHANNEL (src/server/domain/menu-changes.ts), opened
 * with the first page and kept; each notification is fanned out in memory. On PostgreSQL the
 * NOTIFY comes from whichever process made the change; on PGlite from this one.
 */
export class MenuChangeFeed {
  readonly #listeners = new Map<string, Set<Listener>>();
  #listening: Promise<() => Promise<void>> | undefined;
  #closed = false;

  constructor(private readonly database: Pick<Database, 'listen'>) {}

  /** Pages currently subscribed, all menus together. */
  get size(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  /** Resolves once a change committed from now on will reach `listener`; returns the way out. */
  async subscribe(menuId: string, listener: Listener): Promise<() => void> {
    if (this.#closed) throw new Error('menu change feed closed');
    this.#listening ??= this.database.listen(
      MENU_CHANGED_CHANNEL,
      (payload) => this.#emit(payload),
      () => this.#emitAll(),
    );
    try {
      await this.#listening;
    } catch (error) {
      this.#listening = undefined;
      throw error;
    }
    let set = this.#listeners.get(menuId);
    if (!set) this.#listeners.set(menuId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(menuId) === set) this.#listeners.delete(menuId);
    };
  }

  #emit(menuId: string) {
    for (const listener of [...(this.#listeners.get(menuId) ?? [])]) listener('change');
  }

  /** Notifications may have been missed: every open page checks again. */
  #emitAll() {
    for (const id of [...this.#listeners.keys()]) this.#emit(id);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const open = [...this.#listeners.values()].flatMap((set) => [...set]);
    this.#listeners.clear();
    for (const listener of open) listener('close');
    const listening = this.#listening;
    this.#listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
