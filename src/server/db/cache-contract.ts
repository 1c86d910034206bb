import { CONTRACT_0031 } from './cache-contract-0031.ts';

/**
 * The caches' contract (docs/decisions/0042, docs/decisions/0044): every table that an answer
 * kept in a process's memory reads (src/server/diner.ts: public pages, QR targets, sessions,
 * GET /api/me, the ingredient search) announces its changes on the `nutricarte_cache` channel
 * through the triggers declared here (`CACHE_CONTRACT`, kept in ./cache-contract-0031.ts, frozen
 * with the migration that applied it), and only here: `cacheTriggersSql` writes them. A change is
 * a new frozen declaration and a new migration applying it (0031-cache-triggers-from-contract).
 * src/server/db/cache-contract.int.test.ts checks the database's triggers are exactly these,
 * and that each kept read touches no table without one.
 *
 * Payloads (read by src/server/diner.ts): `o:<organisation id>` (its pages and codes),
 * `m:<menu id>` (one page), `s:<session token>`, `u:<user id>` (its sessions, its account),
 * `c:<organisation id>` (the account summary's counts and names), `i:<organisation id>` (its own
 * ingredients), `*` (everything: an item whose section is already gone). NOTIFY is sent at commit
 * and identical payloads of one transaction once: a bulk edit costs one message per key.
 */

/** The first letter of a payload: which kept answers a change drops. */
export type CacheTag = 'o' | 'm' | 's' | 'u' | 'c' | 'i';

/**
 * What a changed row announces. `key` and `each` are SQL over the row as `ROW` (OLD, then NEW):
 * - `key`: one key (`ROW.organisation_id`, or a subquery); `orAll`: `*` when it finds none;
 * - `each`: a query whose rows are the keys (every menu showing a recipe).
 */
export type Announcement = { tag: CacheTag; key: string; orAll?: true } | { tag: CacheTag; each: string };

export interface CacheTrigger {
  /** The trigger's name; its function is `notify_<name>()`. */
  name: string;
  /** The events, in PostgreSQL's own order: `INSERT OR DELETE OR UPDATE`, `DELETE OR UPDATE`, `… OR UPDATE OF a, b`. */
  on: string;
  /** Which rows announce: OLD only (its key never changes, or the row is only updated/deleted), or OLD and NEW. */
  rows: 'old' | 'old and new';
  announce: readonly Announcement[];
}

export type CacheContract = Readonly<Record<string, readonly CacheTrigger[]>>;

/** Table → the triggers that announce its changes: the contract as the latest migration wrote it. */
export const CACHE_CONTRACT: CacheContract = CONTRACT_0031;

/**
 * Tables a kept answer reads that change nothing it shows while it is kept, each with why:
 * a new entry here needs its reason as much as a trigger would.
 */
export const UNANNOUNCED_READS: Record<string, string> = {
  // Ciqual: loaded by scripts before the server starts; the server never writes it.
  catalogue_foods: 'reference data, never written by a running server',
  // A photo's copies are written once before any row shows them and deleted only with the
  // photo once nothing shows it (migration 0015's comment, src/server/domain/photos/attach.ts).
  photo_variants: 'written before shown, removed only when nothing shows them',
};

const CHANNEL = 'nutricarte_cache';

function notifications(announce: readonly Announcement[], row: 'OLD' | 'NEW'): string {
  return announce
    .map((a) => {
      if ('each' in a)
        return `PERFORM pg_notify('${CHANNEL}', '${a.tag}:' || k) FROM (${a.each.replaceAll('ROW.', `${row}.`)}) AS keys(k);`;
      const payload = `'${a.tag}:' || ${a.key.replaceAll('ROW.', `${row}.`)}`;
      return `PERFORM pg_notify('${CHANNEL}', ${a.orAll ? `coalesce(${payload}, '*')` : payload});`;
    })
    .join('\n      ');
}

/** The trigger functions' names, for a migration's `down`. */
export const cacheTriggerFunction = (trigger: CacheTrigger) => `notify_${trigger.name}`;

/** The SQL that creates every declared trigger and its function (run in one migration). */
export function cacheTriggersSql(contract: CacheContract): string {
  return Object.entries(contract)
    .flatMap(([table, triggers]) =>
      triggers.map((trigger) => {
        const body =
          trigger.rows === 'old'
            ? notifications(trigger.announce, 'OLD')
            : `IF TG_OP <> 'INSERT' THEN
        ${notifications(trigger.announce, 'OLD')}
      END IF;
      IF TG_OP <> 'DELETE' THEN
        ${notifications(trigger.announce, 'NEW')}
      END IF;`;
        return `CREATE FUNCTION ${cacheTriggerFunction(trigger)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${body}
      RETURN NULL;
    END $$;
    CREATE TRIGGER ${trigger.name} AFTER ${trigger.on} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${cacheTriggerFunction(trigger)}();`;
      }),
    )
    .join('\n');
}

/** The SQL that drops them (the `down` of the migration that made them). */
export function dropCacheTriggersSql(contract: CacheContract): string {
  return Object.entries(contract)
    .flatMap(([table, triggers]) =>
      triggers.map(
        (trigger) =>
          `DROP TRIGGER IF EXISTS ${trigger.name} ON ${table};\nDROP FUNCTION IF EXISTS ${cacheTriggerFunction(trigger)}();`,
      ),
    )
    .join('\n');
}
