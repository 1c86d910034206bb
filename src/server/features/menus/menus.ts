import type { Kysely, Selectable, Transaction } from 'kysely';
import { menuMessages, type Menu, type MenuCreateParsed, type MenuUpdateParsed } from '../../../shared/api/menus.ts';
import type { Actor } from '../../context.ts';
import type { DB, MenusTable } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { claimVersion } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertWithinPlanLimit } from '../../domain/plan-limits.ts';
import { enqueueEvent } from '../../domain/outbox.ts';
import { readTranslations } from '../../../shared/diner/translations.ts';

type MenuRow = Pick<
  Selectable<MenusTable>,
  'id' | 'version' | 'name' | 'description' | 'is_active' | 'establishment_id' | 'created_at' | 'translations'
>;

function toMenu(row: MenuRow): Menu {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    establishmentId: row.establishment_id,
    translations: readTranslations(row.translations),
    createdAt: row.created_at.toISOString(),
  };
}

const columns = [
  'id',
  'version',
  'name',
  'description',
  'is_active',
  'establishment_id',
  'created_at',
  'translations',
] as const;

export async function listMenus(db: Kysely<DB>, organisationId: string): Promise<Menu[]> {
  const rows = await db
    .selectFrom('menus')
    .select(columns)
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toMenu);
}

export async function getMenu(db: Kysely<DB>, organisationId: string, id: string): Promise<Menu> {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('menus')
    .select(columns)
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toMenu(row);
}

/**
 * The establishment a menu goes to: the one named, which must be the organisation's (else 422
 * on `establishmentId`), or by default the organisation's first one.
 */
async function establishmentFor(
  trx: Transaction<DB>,
  organisationId: string,
  establishmentId: string | undefined,
): Promise<string> {
  let query = trx.selectFrom('establishments').select('id').where('organisation_id', '=', organisationId);
  query =
    establishmentId === undefined
      ? query.orderBy('created_at').orderBy('id').limit(1)
      : query.where('id', '=', establishmentId);
  const row = await query.executeTakeFirst();
  if (!row)
    throw new AppError('validation', 422, menuMessages.establishmentRequired, {
      establishmentId: menuMessages.establishmentRequired,
    });
  return row.id;
}

const menuEventData = (row: MenuRow) => ({
  menu_name: row.name,
  menu_description: row.description,
  is_active: row.is_active,
});

export async function createMenu(db: Kysely<DB>, actor: Actor, input: MenuCreateParsed): Promise<Menu> {
  return db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, actor.organisationId, 'menus');
    const establishmentId = await establishmentFor(trx, actor.organisationId, input.establishmentId);
    const row = await trx
      .insertInto('menus')
      .values({
        organisation_id: actor.organisationId,
        created_by: actor.userId,
        establishment_id: establishmentId,
        name: input.name,
        description: input.description,
        is_active: input.isActive,
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'created', entity: { type: 'menu', id: row.id, name: row.name } });
    await enqueueEvent(trx, actor.userId, 'menu_created', menuEventData(row));
    return toMenu(row);
  });
}

/** PUT: name, description, « actif » and the establishment (kept when absent) together (menu_updated). */
export async function updateMenu(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: MenuUpdateParsed,
  version?: number,
): Promise<Menu> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('menus')
      .select(['name', 'establishment_id'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await claimVersion(trx, 'menus', { id }, version, actor);
    const establishmentId =
      input.establishmentId === undefined
        ? before.establishment_id
        : await establishmentFor(trx, actor.organisationId, input.establishmentId);
    const row = await trx
      .updateTable('menus')
      .set({
        name: input.name,
        description: input.description,
        is_active: input.isActive,
        establishment_id: establishmentId,
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .returning(columns)
      .executeTakeFirstOrThrow();
    const details = before.name !== row.name ? { previousName: before.name } : {};
    await recordAudit(trx, actor, { action: 'updated', entity: { type: 'menu', id, name: row.name }, details });
    await enqueueEvent(trx, actor.userId, 'menu_updated', menuEventData(row));
    return toMenu(row);
  });
}

/** PATCH: the activate/deactivate toggle (menu_status_changed with the old and new status). */
export async function setMenuStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  isActive: boolean,
  version?: number,
): Promise<Menu> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('menus')
      .select('is_active')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await claimVersion(trx, 'menus', { id }, version, actor);
    const row = await trx
      .updateTable('menus')
      .set({ is_active: isActive, updated_at: new Date() })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'status_changed',
      entity: { type: 'menu', id, name: row.name },
      details: { from: before.is_active, to: isActive },
    });
    await enqueueEvent(trx, actor.userId, 'menu_status_changed', {
      menu_name: row.name,
      new_status: isActive,
      old_status: before.is_active,
    });
    return toMenu(row);
  });
}

/** Deleting a menu deletes its sections, items and QR codes (ON DELETE CASCADE). */
export async function deleteMenu(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('menus')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .returning('name')
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'menu', id, name: row.name } });
    await enqueueEvent(trx, actor.userId, 'menu_deleted', { menu_id: id });
  });
}
