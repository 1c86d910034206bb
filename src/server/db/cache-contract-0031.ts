import type { CacheContract, CacheTag, CacheTrigger } from './cache-contract.ts';

/**
 * The caches' contract (src/server/db/cache-contract.ts) as migration 0031-cache-triggers-from-contract
 * wrote it into the database. Frozen with that migration: a database migrated later from scratch
 * must get these triggers, on the tables that schema has. A change to the contract is a new file
 * like this one (`{...CONTRACT_0031, …}`) written by a new migration, and
 * src/server/db/cache-contract.ts then names it as the current contract.
 */
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

export const CONTRACT_0031 = {
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
