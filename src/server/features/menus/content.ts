import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_SECTION_NAME,
  menuMessages,
  type ItemCreateParsed,
  type ItemUpdateParsed,
  type MenuItem,
  type MenuSection,
  type SectionUpdateParsed,
} from '../../../shared/api/menus.ts';
import { allergenStatusOf } from '../../../shared/allergens.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { claimVersion } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { readTranslations } from '../../../shared/diner/translations.ts';
import { lockOwnedMenu, moveTo, renumber } from './ordering.ts';
import { findPhotos } from '../../domain/photos/find.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A menu's sections with their items, both in display order (docs/product/api.md). */
async function listSections(db: Db, menuId: string): Promise<MenuSection[]> {
  const sections = await db
    .selectFrom('menu_sections')
    .select(['id', 'version', 'name', 'description', 'display_order', 'translations'])
    .where('menu_id', '=', menuId)
    .orderBy('display_order')
    .execute();
  if (sections.length === 0) return [];
  const items = await db
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .leftJoin('recipes as r', 'r.id', 'i.recipe_id')
    .select([
      'i.id',
      'i.version',
      'i.menu_section_id',
      'i.name',
      'i.description',
      'i.price',
      'i.allergens',
      'i.traces',
      'i.dietary_info',
      'i.allergens_declared',
      'i.is_available',
      'i.sold_out',
      'i.translations',
      'i.display_order',
      'i.photo_id',
      'r.photo_id as recipe_photo_id',
      'r.id as recipe_id',
      'r.name as recipe_name',
      'r.description as recipe_description',
      'r.price as recipe_price',
      'r.calories_per_serving',
    ])
    .where('s.menu_id', '=', menuId)
    .orderBy('i.display_order')
    .execute();
  const photos = await findPhotos(
    db,
    items.flatMap((i) => [i.photo_id, i.recipe_photo_id]),
  );
  const bySection = new Map<string, MenuItem[]>();
  for (const i of items) {
    const photo = photos.get(i.photo_id ?? '') ?? null;
    const item: MenuItem = {
      id: i.id,
      version: i.version,
      name: i.name,
      description: i.description,
      price: i.price === null ? null : Number(i.price),
      priceSource: i.recipe_id && i.price === null ? 'recipe' : 'item',
      labels: i.recipe_id
        ? null
        : {
            allergens: i.allergens,
            traces: i.traces,
            dietaryInfo: i.dietary_info,
            allergenStatus: allergenStatusOf(i.allergens_declared),
          },
      isAvailable: i.is_available,
      soldOut: i.sold_out,
      translations: readTranslations(i.translations),
      displayOrder: i.display_order,
      photoUrl: photo?.url ?? null,
      photo,
      recipe: i.recipe_id
        ? {
            id: i.recipe_id,
            name: i.recipe_name ?? '',
            description: i.recipe_description ?? '',
            price: i.recipe_price === null ? null : Number(i.recipe_price),
            caloriesPerServing: i.calories_per_serving ?? null,
            photoUrl: photos.get(i.recipe_photo_id ?? '')?.url ?? null,
            photo: photos.get(i.recipe_photo_id ?? '') ?? null,
          }
        : null,
    };
    bySection.set(i.menu_section_id, [...(bySection.get(i.menu_section_id) ?? []), item]);
  }
  return sections.map((s) => ({
    id: s.id,
    version: s.version,
    name: s.name,
    description: s.description,
    translations: readTranslations(s.translations),
    displayOrder: s.display_order,
    items: bySection.get(s.id) ?? [],
  }));
}

export async function listOwnedSections(
  db: Kysely<DB>,
  organisationId: string,
  menuId: string,
): Promise<MenuSection[]> {
  if (!isUuid(menuId)) throw notFound();
  const menu = await db
    .selectFrom('menus')
    .select('id')
    .where('id', '=', menuId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!menu) throw notFound();
  return listSections(db, menuId);
}

/** The menu of an owned section, or 404 (another owner's section looks missing). */
async function sectionMenuId(db: Db, organisationId: string, sectionId: string): Promise<string> {
  if (!isUuid(sectionId)) throw notFound();
  const row = await db
    .selectFrom('menu_sections as s')
    .innerJoin('menus as m', 'm.id', 's.menu_id')
    .select('s.menu_id')
    .where('s.id', '=', sectionId)
    .where('m.organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.menu_id;
}

/** The menu and section of an owned item, or 404 (also the owner check of PUT and DELETE /api/items/:id/photo). */
export async function itemParents(
  db: Db,
  organisationId: string,
  itemId: string,
): Promise<{ menuId: string; sectionId: string }> {
  if (!isUuid(itemId)) throw notFound();
  const row = await db
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .innerJoin('menus as m', 'm.id', 's.menu_id')
    .select(['s.menu_id', 'i.menu_section_id'])
    .where('i.id', '=', itemId)
    .where('m.organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { menuId: row.menu_id, sectionId: row.menu_section_id };
}

const orderedSectionIds = async (trx: Transaction<DB>, menuId: string) =>
  (
    await trx
      .selectFrom('menu_sections')
      .select('id')
      .where('menu_id', '=', menuId)
      .orderBy('display_order')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
const orderedItemIds = async (trx: Transaction<DB>, sectionId: string) =>
  (
    await trx
      .selectFrom('menu_items')
      .select('id')
      .where('menu_section_id', '=', sectionId)
      .orderBy('display_order')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

const findSection = async (db: Db, id: string) =>
  (
    await listSections(
      db,
      (await db.selectFrom('menu_sections').select('menu_id').where('id', '=', id).executeTakeFirstOrThrow()).menu_id,
    )
  ).find((s) => s.id === id)!;

export async function createSection(
  db: Kysely<DB>,
  organisationId: string,
  menuId: string,
  input: { name?: string | undefined; description?: string | undefined },
): Promise<MenuSection> {
  if (!isUuid(menuId)) throw notFound();
  return db.transaction().execute(async (trx) => {
    await lockOwnedMenu(trx, organisationId, menuId);
    const count = (await orderedSectionIds(trx, menuId)).length;
    const row = await trx
      .insertInto('menu_sections')
      .values({
        menu_id: menuId,
        name: input.name ?? DEFAULT_SECTION_NAME,
        description: input.description ?? '',
        display_order: count,
      })
      .returning(['id', 'version', 'name', 'description', 'display_order'])
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      description: row.description,
      translations: {},
      displayOrder: row.display_order,
      items: [],
    };
  });
}

export async function updateSection(
  db: Kysely<DB>,
  actor: Actor,
  sectionId: string,
  input: SectionUpdateParsed,
  version?: number,
): Promise<MenuSection> {
  return db.transaction().execute(async (trx) => {
    const menuId = await sectionMenuId(trx, actor.organisationId, sectionId);
    await lockOwnedMenu(trx, actor.organisationId, menuId);
    await claimVersion(trx, 'menu_sections', { id: sectionId }, version, actor);
    await trx
      .updateTable('menu_sections')
      .set({
        name: input.name,
        description: input.description,
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', sectionId)
      .execute();
    return findSection(trx, sectionId);
  });
}

export async function deleteSection(db: Kysely<DB>, organisationId: string, sectionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const menuId = await sectionMenuId(trx, organisationId, sectionId);
    await lockOwnedMenu(trx, organisationId, menuId);
    await trx.deleteFrom('menu_sections').where('id', '=', sectionId).execute();
    await renumber(trx, 'menu_sections', await orderedSectionIds(trx, menuId));
  });
}

export async function moveSection(
  db: Kysely<DB>,
  organisationId: string,
  sectionId: string,
  position: number,
): Promise<MenuSection[]> {
  return db.transaction().execute(async (trx) => {
    const menuId = await sectionMenuId(trx, organisationId, sectionId);
    await lockOwnedMenu(trx, organisationId, menuId);
    await renumber(trx, 'menu_sections', moveTo(await orderedSectionIds(trx, menuId), sectionId, position));
    return listSections(trx, menuId);
  });
}

/**
 * An item at the end of the section (docs/product/spec.md section 3): made from one of the
 * organisation's recipes (its name, no price yet), or without a recipe (a drink) with its
 * own name, price and allergen lists (docs/product/decisions.md 18).
 */
export async function createItem(
  db: Kysely<DB>,
  organisationId: string,
  sectionId: string,
  input: ItemCreateParsed,
): Promise<MenuItem> {
  return db.transaction().execute(async (trx) => {
    const menuId = await sectionMenuId(trx, organisationId, sectionId);
    await lockOwnedMenu(trx, organisationId, menuId);
    const count = (await orderedItemIds(trx, sectionId)).length;
    let values;
    if ('recipeId' in input) {
      const recipe = await trx
        .selectFrom('recipes')
        .select(['id', 'name'])
        .where('id', '=', input.recipeId)
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      if (!recipe)
        throw new AppError('validation', 422, menuMessages.recipeNotFound, { recipeId: menuMessages.recipeNotFound });
      values = { recipe_id: recipe.id, name: recipe.name, description: '', price: null };
    } else {
      values = {
        recipe_id: null,
        name: input.name,
        description: input.description,
        price: input.price,
        allergens: input.allergens,
        traces: input.traces,
        dietary_info: input.dietaryInfo,
        allergens_declared: input.allergensDeclared,
      };
    }
    const row = await trx
      .insertInto('menu_items')
      .values({ ...values, menu_section_id: sectionId, is_available: true, display_order: count })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findItem(trx, menuId, row.id);
  });
}

async function findItem(db: Db, menuId: string, itemId: string): Promise<MenuItem> {
  for (const section of await listSections(db, menuId)) {
    const item = section.items.find((i) => i.id === itemId);
    if (item) return item;
  }
  throw notFound();
}

/** Absent fields stay as they are; the own allergen lists change only on an item without a recipe. */
export async function updateItem(
  db: Kysely<DB>,
  actor: Actor,
  itemId: string,
  input: ItemUpdateParsed,
  version?: number,
): Promise<MenuItem> {
  return db.transaction().execute(async (trx) => {
    const { menuId } = await itemParents(trx, actor.organisationId, itemId);
    await lockOwnedMenu(trx, actor.organisationId, menuId);
    await claimVersion(trx, 'menu_items', { id: itemId }, version, actor);
    await trx
      .updateTable('menu_items')
      .set({
        name: input.name,
        description: input.description,
        is_available: input.isAvailable,
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', itemId)
      .execute();
    const labels = {
      ...(input.allergens ? { allergens: input.allergens } : {}),
      ...(input.traces ? { traces: input.traces } : {}),
      ...(input.dietaryInfo ? { dietary_info: input.dietaryInfo } : {}),
      ...(input.allergensDeclared !== undefined ? { allergens_declared: input.allergensDeclared } : {}),
    };
    if (Object.keys(labels).length)
      await trx.updateTable('menu_items').set(labels).where('id', '=', itemId).where('recipe_id', 'is', null).execute();
    return findItem(trx, menuId, itemId);
  });
}

/** « Épuisé » and back (docs/decisions/0019-public-menu-for-diners.md): the menu's open public pages hear of it at commit. */
export async function setItemSoldOut(
  db: Kysely<DB>,
  actor: Actor,
  itemId: string,
  soldOut: boolean,
  version?: number,
): Promise<MenuItem> {
  return db.transaction().execute(async (trx) => {
    const { menuId } = await itemParents(trx, actor.organisationId, itemId);
    await lockOwnedMenu(trx, actor.organisationId, menuId);
    await claimVersion(trx, 'menu_items', { id: itemId }, version, actor);
    await trx
      .updateTable('menu_items')
      .set({ sold_out: soldOut, updated_at: new Date() })
      .where('id', '=', itemId)
      .execute();
    return findItem(trx, menuId, itemId);
  });
}

export async function deleteItem(db: Kysely<DB>, organisationId: string, itemId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { menuId, sectionId } = await itemParents(trx, organisationId, itemId);
    await lockOwnedMenu(trx, organisationId, menuId);
    await trx.deleteFrom('menu_items').where('id', '=', itemId).execute();
    await renumber(trx, 'menu_items', await orderedItemIds(trx, sectionId));
  });
}

/**
 * Moves an item to `position` in its section, or in `targetSectionId`, another section of the
 * same menu (drag and drop, docs/decisions/0025-menu-editor-and-recipe-form.md): both sections are renumbered densely in one transaction.
 * A section outside the item's menu (another menu, another organisation, unknown) is a 422 next
 * to `sectionId`, the same answer for all, so it reveals nothing.
 */
export async function moveItem(
  db: Kysely<DB>,
  organisationId: string,
  itemId: string,
  position: number,
  targetSectionId?: string,
): Promise<MenuSection[]> {
  return db.transaction().execute(async (trx) => {
    const { menuId, sectionId } = await itemParents(trx, organisationId, itemId);
    await lockOwnedMenu(trx, organisationId, menuId);
    const target = targetSectionId ?? sectionId;
    if (target !== sectionId) {
      const inMenu = await trx
        .selectFrom('menu_sections')
        .select('id')
        .where('id', '=', target)
        .where('menu_id', '=', menuId)
        .executeTakeFirst();
      if (!inMenu)
        throw new AppError('validation', 422, menuMessages.targetSectionInvalid, {
          sectionId: menuMessages.targetSectionInvalid,
        });
      const left = (await orderedItemIds(trx, sectionId)).filter((id) => id !== itemId);
      const arriving = [...(await orderedItemIds(trx, target)), itemId];
      // Park the item past every order of the target so the deferred unique (section, order) holds at commit.
      await trx
        .updateTable('menu_items')
        .set({ menu_section_id: target, display_order: arriving.length + 10_000, updated_at: new Date() })
        .where('id', '=', itemId)
        .execute();
      await renumber(trx, 'menu_items', left);
      await renumber(trx, 'menu_items', moveTo(arriving, itemId, position));
    } else {
      await renumber(trx, 'menu_items', moveTo(await orderedItemIds(trx, sectionId), itemId, position));
    }
    return listSections(trx, menuId);
  });
}
