import type { Kysely, Selectable } from 'kysely';
import type { Menu, MenuCreateInput, MenuUpdateInput } from '../../../shared/api/menus.ts';
import type { DB, MenusTable } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertWithinPlanLimit } from '../../domain/plan-limits.ts';
import { enqueueEvent } from '../../domain/outbox.ts';

export function toMenu(row: Pick<Selectable<MenusTable>, 'id' | 'name' | 'description' | 'is_active' | 'created_at'>): Menu {
  return { id: row.id, name: row.name, description: row.description, isActive: row.is_active, createdAt: row.created_at.toISOString() };
}

const columns = ['id', 'name', 'description', 'is_active', 'created_at'] as const;

export async function listMenus(db: Kysely<DB>, userId: string): Promise<Menu[]> {
  const rows = await db.selectFrom('menus').select(columns).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toMenu);
}

export async function getMenu(db: Kysely<DB>, userId: string, id: string): Promise<Menu> {
  if (!isUuid(id)) throw notFound();
  const row = await db.selectFrom('menus').select(columns).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return toMenu(row);
}

export async function createMenu(db: Kysely<DB>, userId: string, input: Required<MenuCreateInput>): Promise<Menu> {
  return db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, userId, 'menus');
    const row = await trx
      .insertInto('menus')
      .values({ user_id: userId, name: input.name, description: input.description, is_active: input.isActive })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await enqueueEvent(trx, userId, 'menu_created', { menu_name: row.name, menu_description: row.description, is_active: row.is_active });
    return toMenu(row);
  });
}

/** PUT: name, description and « actif » together (menu_updated). */
export async function updateMenu(db: Kysely<DB>, userId: string, id: string, input: Required<MenuUpdateInput>): Promise<Menu> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('menus')
      .set({ name: input.name, description: input.description, is_active: input.isActive, updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw notFound();
    await enqueueEvent(trx, userId, 'menu_updated', { menu_name: row.name, menu_description: row.description, is_active: row.is_active });
    return toMenu(row);
  });
}

/** PATCH: the activate/deactivate toggle (menu_status_changed with the old and new status). */
export async function setMenuStatus(db: Kysely<DB>, userId: string, id: string, isActive: boolean): Promise<Menu> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('menus').select('is_active').where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    const row = await trx.updateTable('menus').set({ is_active: isActive, updated_at: new Date() }).where('id', '=', id).returning(columns).executeTakeFirstOrThrow();
    await enqueueEvent(trx, userId, 'menu_status_changed', { menu_name: row.name, new_status: isActive, old_status: before.is_active });
    return toMenu(row);
  });
}

/** Deleting a menu deletes its sections, items and QR codes (ON DELETE CASCADE). */
export async function deleteMenu(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('menus').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    await enqueueEvent(trx, userId, 'menu_deleted', { menu_id: id });
  });
}
