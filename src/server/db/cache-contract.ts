/**
 * The caches' contract (docs/decisions/0042): every table that an answer kept in a process's
 * memory reads (src/server/diner.ts: public pages, QR targets, sessions, GET /api/me, the
 * ingredient search) announces its changes on the `nutricarte_cache` channel through the
 * triggers named here. The triggers themselves are written by migrations 0015-performance,
 * 0019-account-changes and 0020-own-ingredient-changes; src/server/db/cache-contract.int.test.ts
 * checks that each named trigger exists and notifies, and that each kept read touches no table
 * outside this list, so a new table read by a kept answer fails a test until it is announced.
 */
export const ANNOUNCED_TABLES = {
  menus: ['menus_public_changed'],
  menu_sections: ['menu_sections_public_changed'],
  menu_items: ['menu_items_public_changed'],
  formules: ['formules_public_changed'],
  establishments: ['establishments_public_changed'],
  subscriptions: ['subscriptions_public_changed'],
  qr_codes: ['qr_codes_public_changed'],
  recipes: ['recipes_public_changed', 'recipes_account_changed', 'recipes_own_ingredients_changed'],
  products: ['products_own_ingredients_changed'],
  organisations: ['organisations_account_changed'],
  memberships: ['memberships_account_changed'],
  invitations: ['invitations_account_changed'],
  sessions: ['sessions_changed'],
  users: ['users_changed'],
} as const satisfies Record<string, readonly string[]>;

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
