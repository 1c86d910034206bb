import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { assertUsableOnPlan } from '../../domain/plan-limits.ts';

/**
 * Every change to a menu's sections or items first locks the menu row: edits of one menu
 * are serialized, so display orders stay dense (0..n-1) under concurrent requests. The open
 * public pages hear of the change from the tables' triggers (src/server/db/migrations/0015-performance.ts).
 */
export async function lockOwnedMenu(trx: Transaction<DB>, organisationId: string, menuId: string): Promise<void> {
  const row = await trx
    .selectFrom('menus')
    .select('id')
    .where('id', '=', menuId)
    .where('organisation_id', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  // Every change to a menu's content locks it here: after a downgrade, a menu beyond the free
  // plan is read-only (DECISIONS 21).
  await assertUsableOnPlan(trx, organisationId, 'menus', menuId);
}

/** Writes display_order = index for the ids in this order (the unique constraints are deferred). */
export async function renumber(
  trx: Transaction<DB>,
  table: 'menu_sections' | 'menu_items',
  orderedIds: readonly string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  await sql`
    UPDATE ${sql.table(table)} AS t SET display_order = v.ord - 1
    FROM unnest(${orderedIds as string[]}::uuid[]) WITH ORDINALITY AS v(id, ord)
    WHERE t.id = v.id AND t.display_order IS DISTINCT FROM v.ord - 1`.execute(trx);
}

/** The list with `id` moved to `position` (clamped to the list). */
export function moveTo(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
