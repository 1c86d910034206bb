import { sql, type Kysely } from 'kysely';
import { labelMessages, type TemoinDay, type TemoinQuery } from '../../../shared/api/labels.ts';
import { SERVICES, SLOTS, type Service } from '../../../shared/catering/catering.ts';
import { establishmentAddressLine } from '../../../shared/establishment.ts';
import { addDaysIso } from '../../../shared/labels/dates.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

/** The menu's dishes made from a recipe, once each, in the menu's order, and its establishment. */
export async function menuRecipes(db: Kysely<DB>, organisationId: string, menuId: string) {
  if (!isUuid(menuId)) throw notFound();
  const menu = await db
    .selectFrom('menus')
    .select(['id', 'name', 'establishment_id'])
    .where('id', '=', menuId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!menu) throw notFound();
  const rows = await db
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .select(['i.recipe_id'])
    .where('s.menu_id', '=', menuId)
    .where('i.recipe_id', 'is not', null)
    .orderBy('s.display_order')
    .orderBy('i.display_order')
    .execute();
  const recipeIds = [...new Set(rows.map((r) => r.recipe_id!))];
  if (recipeIds.length === 0)
    throw new AppError('validation', 422, labelMessages.menuWithoutRecipes, { menu: labelMessages.menuWithoutRecipes });
  return { menu, recipeIds };
}

/** When each service is served, unless the print says otherwise. */
export const DEFAULT_SERVICE_TIMES: Record<Service, string> = { dejeuner: '12:00', diner: '19:00', gouter: '16:00' };
/** Plats témoins are kept five days after the service (arrêté of 21 December 2009, annex IV). */
export const TEMOIN_KEEP_DAYS = 5;

/** The « plats témoins » of an establishment's day: every planned dish, by service and component. */
export async function temoinDay(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  query: TemoinQuery,
): Promise<TemoinDay> {
  if (!isUuid(establishmentId)) throw notFound();
  const establishment = await db
    .selectFrom('establishments')
    .select(['id', 'name', 'address', 'postal_code', 'city'])
    .where('id', '=', establishmentId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!establishment) throw notFound();
  let entries = db
    .selectFrom('meal_plan_entries as e')
    .innerJoin('recipes as r', 'r.id', 'e.recipe_id')
    .select(['e.service', 'e.slot', 'e.recipe_id', 'r.name'])
    .where('e.organisation_id', '=', organisationId)
    .where('e.establishment_id', '=', establishmentId)
    .where('e.date', '=', sql<string>`${query.date}::date`);
  if (query.service) entries = entries.where('e.service', '=', query.service);
  const rows = (await entries.execute()).sort(
    (a, b) =>
      SERVICES.indexOf(a.service) - SERVICES.indexOf(b.service) || SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot),
  );
  const keepUntil = addDaysIso(query.date, TEMOIN_KEEP_DAYS);
  return {
    date: query.date,
    establishment: {
      id: establishment.id,
      name: establishment.name,
      address: establishmentAddressLine({
        address: establishment.address,
        postalCode: establishment.postal_code,
        city: establishment.city,
      }),
    },
    labels: rows.map((row) => ({
      recipeId: row.recipe_id,
      dish: row.name,
      slot: row.slot,
      service: row.service,
      time: (query[row.service] ?? DEFAULT_SERVICE_TIMES[row.service]).replace('h', ':'),
      date: query.date,
      keepUntil,
      destroyOn: addDaysIso(keepUntil, 1),
    })),
  };
}
