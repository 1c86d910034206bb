/**
 * The caches' contract (docs/decisions/0042, docs/decisions/0044): every table that an answer
 * kept in a process's memory reads (src/server/diner.ts: public pages, QR targets, sessions,
 * GET /api/me, the ingredient search) announces its changes on the `nutricarte_cache` channel
 * through the triggers declared here, and only here: `cacheTriggersSql` writes them, and a
 * migration applies them (0031-cache-triggers-from-contract with its own frozen copy of this
 * declaration, so a later change to it is a later migration calling `cacheTriggersSql` again).
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

const ALL = 'INSERT OR DELETE OR UPDATE';
const toOrganisation = (tag: CacheTag, name: string, on = ALL): CacheTrigger => ({
  name,
  on,
  rows: 'old and new',
  announce: [{ tag, key: 'ROW.organisation_id' }],
});
const toMenu = (name: string): CacheTrigger => ({
  name,
  on: ALL,
  rows: 'old and new',
  announce: [{ tag: 'm', key: 'ROW.menu_id' }],
});

/** Table → the triggers that announce its changes. */
export const CACHE_CONTRACT = {
  // What a diner's page and a QR redirect show (src/server/features/public-menu/service.ts).
  menus: [toOrganisation('o', 'menus_public_changed')],
  establishments: [toOrganisation('o', 'establishments_public_changed')],
  subscriptions: [toOrganisation('o', 'subscriptions_public_changed')],
  // Not `scan_count`, which every batch of scans updates.
  qr_codes: [
    toOrganisation('o', 'qr_codes_public_changed', 'INSERT OR DELETE OR UPDATE OF status, menu_id, organisation_id'),
  ],
  menu_sections: [toMenu('menu_sections_public_changed')],
  formules: [toMenu('formules_public_changed')],
  menu_items: [
    {
      name: 'menu_items_public_changed',
      on: ALL,
      rows: 'old and new',
      announce: [{ tag: 'm', key: '(SELECT menu_id FROM menu_sections WHERE id = ROW.menu_section_id)', orAll: true }],
    },
  ],
  recipes: [
    // Facts, names, photo: each menu whose items show it (a product's change recomputes its recipes).
    {
      name: 'recipes_public_changed',
      on: 'DELETE OR UPDATE',
      rows: 'old',
      announce: [
        {
          tag: 'm',
          each: 'SELECT DISTINCT s.menu_id FROM menu_items i JOIN menu_sections s ON s.id = i.menu_section_id WHERE i.recipe_id = ROW.id',
        },
      ],
    },
    // The account summary's usage counts (an update changes none).
    toOrganisation('c', 'recipes_account_changed', 'INSERT OR DELETE'),
    toOrganisation('i', 'recipes_own_ingredients_changed'),
  ],
  products: [toOrganisation('i', 'products_own_ingredients_changed')],
  // GET /api/me (src/server/features/account/account-cache.ts).
  organisations: [
    {
      name: 'organisations_account_changed',
      on: 'DELETE OR UPDATE',
      rows: 'old',
      announce: [{ tag: 'c', key: 'ROW.id' }],
    },
  ],
  memberships: [
    {
      name: 'memberships_account_changed',
      on: ALL,
      rows: 'old and new',
      announce: [
        { tag: 'c', key: 'ROW.organisation_id' },
        { tag: 'u', key: 'ROW.user_id' },
      ],
    },
  ],
  invitations: [toOrganisation('c', 'invitations_account_changed')],
  // Sessions kept in memory (src/server/auth/session-cache.ts).
  sessions: [
    { name: 'sessions_changed', on: 'DELETE OR UPDATE', rows: 'old', announce: [{ tag: 's', key: 'ROW.token' }] },
  ],
  users: [{ name: 'users_changed', on: 'DELETE OR UPDATE', rows: 'old', announce: [{ tag: 'u', key: 'ROW.id' }] }],
} as const satisfies CacheContract;

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
