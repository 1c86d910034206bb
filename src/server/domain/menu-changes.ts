import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The PostgreSQL channel of « this menu's public page changed » (payload: the menu id). */
export const MENU_CHANGED_CHANNEL = 'menu_changed';

/**
 * Tells every server process that these menus' public pages changed (issue 18: open pages
 * update live). Called inside the change's transaction: PostgreSQL sends NOTIFY at commit,
 * and not at all on rollback, so a page never hears of a change that did not happen.
 */
export async function notifyMenusChanged(trx: Transaction<DB>, menuIds: readonly string[]): Promise<void> {
  for (const id of new Set(menuIds)) await sql`SELECT pg_notify(${MENU_CHANGED_CHANNEL}, ${id})`.execute(trx);
}

/** The menus whose public page shows this recipe (its items link it). */
export async function notifyRecipeMenusChanged(trx: Transaction<DB>, recipeId: string): Promise<void> {
  const rows = await trx
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .select('s.menu_id')
    .distinct()
    .where('i.recipe_id', '=', recipeId)
    .execute();
  await notifyMenusChanged(
    trx,
    rows.map((r) => r.menu_id),
  );
}
