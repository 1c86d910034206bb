import type { Kysely, Transaction } from 'kysely';
import {
  formuleMessages,
  MAX_FORMULES_PER_MENU,
  type Formule,
  type FormuleParsed,
} from '../../../shared/api/formules.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { claimVersion } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { lockOwnedMenu } from './ordering.ts';
import { readTranslations } from '../../../shared/diner/translations.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Section ids as stored (JSON), kept only when they still name a section of the menu. */
function readChoices(stored: unknown, sections: ReadonlySet<string>): string[][] {
  if (!Array.isArray(stored)) return [];
  return stored
    .map((choice) =>
      Array.isArray(choice) ? choice.filter((id): id is string => typeof id === 'string' && sections.has(id)) : [],
    )
    .filter((choice) => choice.length > 0);
}

/** The menu's formules in display order (src/shared/api/formules.ts). */
async function listFormules(db: Db, menuId: string): Promise<Formule[]> {
  const [rows, sections] = await Promise.all([
    db
      .selectFrom('formules')
      .select(['id', 'version', 'name', 'price', 'choices', 'display_order', 'translations'])
      .where('menu_id', '=', menuId)
      .orderBy('display_order')
      .orderBy('id')
      .execute(),
    db.selectFrom('menu_sections').select('id').where('menu_id', '=', menuId).execute(),
  ]);
  const known = new Set(sections.map((s) => s.id));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    name: r.name,
    price: Number(r.price),
    choices: readChoices(r.choices, known),
    displayOrder: r.display_order,
    translations: readTranslations(r.translations),
  }));
}

export async function listOwnedFormules(db: Kysely<DB>, organisationId: string, menuId: string): Promise<Formule[]> {
  if (!isUuid(menuId)) throw notFound();
  const menu = await db
    .selectFrom('menus')
    .select('id')
    .where('id', '=', menuId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!menu) throw notFound();
  return listFormules(db, menuId);
}

/** The menu of an owned formule, or 404 (another organisation's formule looks missing). */
async function formuleMenuId(db: Db, organisationId: string, formuleId: string): Promise<string> {
  if (!isUuid(formuleId)) throw notFound();
  const row = await db
    .selectFrom('formules as f')
    .innerJoin('menus as m', 'm.id', 'f.menu_id')
    .select('f.menu_id')
    .where('f.id', '=', formuleId)
    .where('m.organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.menu_id;
}

/** Every section id must be one of this menu's: refused next to its field otherwise. */
async function assertSectionsOfMenu(
  trx: Transaction<DB>,
  menuId: string,
  choices: readonly (readonly string[])[],
): Promise<void> {
  const sections = new Set(
    (await trx.selectFrom('menu_sections').select('id').where('menu_id', '=', menuId).execute()).map((s) => s.id),
  );
  const fields: Record<string, string> = {};
  choices.forEach((choice, i) =>
    choice.forEach((id, j) => {
      if (!sections.has(id)) fields[`choices.${i}.${j}`] = formuleMessages.sectionUnknown;
    }),
  );
  if (Object.keys(fields).length > 0) throw new AppError('validation', 422, formuleMessages.sectionUnknown, fields);
}

const findFormule = async (trx: Transaction<DB>, menuId: string, id: string) =>
  (await listFormules(trx, menuId)).find((f) => f.id === id)!;

/**
 * A formule at the end of the menu's list. The menu row is locked first (lockOwnedMenu), so
 * the count, the order and the public pages' NOTIFY hold under concurrent requests.
 */
export async function createFormule(
  db: Kysely<DB>,
  organisationId: string,
  menuId: string,
  input: FormuleParsed,
): Promise<Formule> {
  if (!isUuid(menuId)) throw notFound();
  return db.transaction().execute(async (trx) => {
    await lockOwnedMenu(trx, organisationId, menuId);
    const count = (
      await trx
        .selectFrom('formules')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('menu_id', '=', menuId)
        .executeTakeFirstOrThrow()
    ).n;
    if (Number(count) >= MAX_FORMULES_PER_MENU)
      throw new AppError('validation', 422, formuleMessages.tooManyFormules, { name: formuleMessages.tooManyFormules });
    await assertSectionsOfMenu(trx, menuId, input.choices);
    const row = await trx
      .insertInto('formules')
      .values({
        menu_id: menuId,
        name: input.name,
        price: input.price,
        choices: JSON.stringify(input.choices),
        display_order: Number(count),
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findFormule(trx, menuId, row.id);
  });
}

export async function updateFormule(
  db: Kysely<DB>,
  actor: Actor,
  formuleId: string,
  input: FormuleParsed,
  version?: number,
): Promise<Formule> {
  return db.transaction().execute(async (trx) => {
    const menuId = await formuleMenuId(trx, actor.organisationId, formuleId);
    await lockOwnedMenu(trx, actor.organisationId, menuId);
    await claimVersion(trx, 'formules', { id: formuleId }, version, actor);
    await assertSectionsOfMenu(trx, menuId, input.choices);
    await trx
      .updateTable('formules')
      .set({
        name: input.name,
        price: input.price,
        choices: JSON.stringify(input.choices),
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', formuleId)
      .execute();
    return findFormule(trx, menuId, formuleId);
  });
}

export async function deleteFormule(db: Kysely<DB>, organisationId: string, formuleId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const menuId = await formuleMenuId(trx, organisationId, formuleId);
    await lockOwnedMenu(trx, organisationId, menuId);
    await trx.deleteFrom('formules').where('id', '=', formuleId).execute();
    const rest = await trx
      .selectFrom('formules')
      .select('id')
      .where('menu_id', '=', menuId)
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    for (const [index, f] of rest.entries())
      await trx.updateTable('formules').set({ display_order: index }).where('id', '=', f.id).execute();
  });
}
