import { sql, type Kysely, type Transaction } from 'kysely';
import { mealPlanMessages, type MealPlanRange, type PlannedDay } from '../../../shared/api/meal-plans.ts';
import {
  addDays,
  daysBetween,
  mondayOf,
  SERVICES,
  SLOTS,
  type Population,
  type Service,
  type Slot,
} from '../../../shared/catering/catering.ts';
import { coverPortion } from '../../../shared/catering/portions.ts';
import { copiedEntries } from '../../../shared/catering/copy.ts';
import { roundOneDecimal } from '../../../shared/nutrition.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { actorName, claimVersion } from '../../domain/versions.ts';
import { currentTier } from '../../domain/plan-limits.ts';
import { enqueueEvent } from '../../domain/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { loadDishes, purchaseLineOf, type Dish } from './dishes.ts';
import { readPortionGrid } from './portion-grid.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface EntryRow {
  date: string;
  service: Service;
  slot: Slot;
  recipe_id: string;
}

/**
 * The establishment, if it belongs to the organisation; another organisation's id → 404. With
 * `lock`, its row is held until commit: the writes of one establishment's plan (a service saved,
 * a copy) are serialized, so their entries and service versions are taken in one order.
 */
export async function findEstablishment(
  db: Db,
  organisationId: string,
  id: string,
  lock = false,
): Promise<{ id: string; name: string }> {
  if (!isUuid(id)) throw notFound();
  let query = db
    .selectFrom('establishments')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Planned entries of [from, to], ordered by day, service and component as served. */
export async function readEntries(
  db: Db,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<EntryRow[]> {
  const rows = await db
    .selectFrom('meal_plan_entries')
    .select([sql<string>`date::text`.as('date'), 'service', 'slot', 'recipe_id'])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  const order = (r: EntryRow) => [r.date, SERVICES.indexOf(r.service), SLOTS.indexOf(r.slot)] as const;
  return rows.sort((a, b) => {
    const [da, sa, ca] = order(a);
    const [db2, sb, cb] = order(b);
    return da < db2 ? -1 : da > db2 ? 1 : sa - sb || ca - cb;
  });
}

const sumOrNull = (values: (number | null)[]) =>
  values.length === 0 || values.some((v) => v === null)
    ? null
    : roundOneDecimal(values.reduce<number>((s, v) => s + v!, 0));

/** Recipe portions one cover takes of a planned dish (1: the recipe's own portion). */
export type CoverFactor = (entry: EntryRow, dish: Dish) => number;
const ONE_PORTION: CoverFactor = () => 1;

/** A saved service's version by `date service` (readServiceVersions). */
export type ServiceVersions = ReadonlyMap<string, number>;
const serviceKey = (date: string, service: Service) => `${date} ${service}`;

/** The versions of the services saved in [from, to] (migration 0023-versions). */
export async function readServiceVersions(
  db: Db,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<ServiceVersions> {
  const rows = await db
    .selectFrom('meal_plan_services')
    .select([sql<string>`date::text`.as('date'), 'service', 'version'])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Map(rows.map((r) => [serviceKey(r.date, r.service), r.version]));
}

/**
 * Days of [from, to], each with its services, nutrition and cost per cover. A service is listed
 * when it has dishes, or, with `versions` (the planning screen), once it was saved, even emptied:
 * its version is what the next save names (0 for one never saved).
 */
export function buildDays(
  from: string,
  to: string,
  entries: readonly EntryRow[],
  dishes: ReadonlyMap<string, Dish>,
  factor: CoverFactor = ONE_PORTION,
  versions: ServiceVersions = new Map(),
): PlannedDay[] {
  const byDate = new Map<string, EntryRow[]>();
  for (const e of entries) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
  const days: PlannedDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const rows = (byDate.get(date) ?? []).filter((e) => dishes.has(e.recipe_id));
    const services = SERVICES.map((service) => ({
      service,
      version: versions.get(serviceKey(date, service)) ?? 0,
      components: rows
        .filter((e) => e.service === service)
        .map((e) => ({ slot: e.slot, recipeId: e.recipe_id, recipeName: dishes.get(e.recipe_id)!.name })),
    })).filter((s) => s.components.length > 0 || s.version > 0);
    const served = rows.map((e) => ({ dish: dishes.get(e.recipe_id)!, factor: factor(e, dishes.get(e.recipe_id)!) }));
    const lunch = rows.filter((e) => e.service === 'dejeuner').map((e) => dishes.get(e.recipe_id)!);
    const total = (key: keyof Dish['perServing']) =>
      sumOrNull(
        served.map(({ dish, factor: f }) => (dish.perServing[key] === null ? null : dish.perServing[key]! * f)),
      );
    days.push({
      date,
      services,
      nutrition: {
        energyKcal: total('energyKcal'),
        protein: total('protein'),
        carbs: total('carbs'),
        fat: total('fat'),
      },
      costPerCover: costPerCover(served),
      vegetarianLunch: lunch.length > 0 && lunch.every((d) => d.profile.vegetarian),
    });
  }
  return days;
}

/** Euros excluding VAT for one cover of each dish; null while any line's price is unknown. */
function costPerCover(served: readonly { dish: Dish; factor: number }[]): number | null {
  if (served.length === 0) return null;
  let total = 0;
  for (const { dish, factor } of served) {
    for (const line of dish.lines) {
      const { value } = purchaseLineOf(line);
      if (value === null) return null;
      total += (value / dish.servings) * factor;
    }
  }
  return Math.round(total * 100) / 100;
}

/**
 * The plan of [from, to]. With a population, each dish is scaled to the establishment's
 * grammage for it (src/shared/catering/portions.ts), so the day's nutrition and cost are those
 * of one cover of that population; without, of one recipe portion of each dish.
 */
export async function readRange(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
  population?: Population,
): Promise<MealPlanRange> {
  await findEstablishment(db, organisationId, establishmentId);
  const entries = await readEntries(db, organisationId, establishmentId, from, to);
  const dishes = await loadDishes(
    db,
    organisationId,
    entries.map((e) => e.recipe_id),
  );
  const versions = await readServiceVersions(db, organisationId, establishmentId, from, to);
  if (!population) return { days: buildDays(from, to, entries, dishes, ONE_PORTION, versions) };
  const grid = await readPortionGrid(db, organisationId, establishmentId);
  return {
    days: buildDays(
      from,
      to,
      entries,
      dishes,
      (e, dish) => coverPortion(grid, e.slot, population, dish.profile).factor,
      versions,
    ),
  };
}

/**
 * An establishment's plan in « Historique » (src/shared/api/organisations.ts, `meal_plan`
 * details): one line per saved service, copy or publication, named after the establishment.
 */
export const planEntity = (establishment: { id: string; name: string }) => ({
  type: 'meal_plan' as const,
  id: establishment.id,
  name: establishment.name,
});

/** Planning is a Premium feature (issue 19): a free organisation reads, and is told how to plan. */
export async function assertPremium(trx: Transaction<DB>, organisationId: string): Promise<void> {
  if ((await currentTier(trx, organisationId)) !== 'premium')
    throw new AppError('plan_limit', 403, mealPlanMessages.premiumOnly);
}

/** PUT one service of one day: its components are replaced as a whole (an empty list clears it). */
export async function putService(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  date: string,
  service: Service,
  components: readonly { slot: Slot; recipeId: string }[],
  version?: number,
): Promise<PlannedDay> {
  await db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId, true);
    await assertPremium(trx, actor.organisationId);
    await claimVersion(
      trx,
      'meal_plan_services',
      { establishment_id: establishmentId, date, service },
      version,
      actor,
      { create: { organisation_id: actor.organisationId } },
    );
    const ids = [...new Set(components.map((c) => c.recipeId))];
    const found =
      ids.length === 0
        ? []
        : await trx
            .selectFrom('recipes')
            .select('id')
            .where('organisation_id', '=', actor.organisationId)
            .where('id', 'in', ids)
            .execute();
    const known = new Set(found.map((r) => r.id));
    const fields: Record<string, string> = {};
    components.forEach((c, i) => {
      if (!known.has(c.recipeId)) fields[`components.${i}.recipeId`] = mealPlanMessages.recipeInvalid;
    });
    if (Object.keys(fields).length > 0) throw new AppError('validation', 422, mealPlanMessages.recipeInvalid, fields);
    await trx
      .deleteFrom('meal_plan_entries')
      .where('organisation_id', '=', actor.organisationId)
      .where('establishment_id', '=', establishmentId)
      .where('date', '=', date)
      .where('service', '=', service)
      .execute();
    if (components.length > 0) {
      await trx
        .insertInto('meal_plan_entries')
        .values(
          components.map((c) => ({
            organisation_id: actor.organisationId,
            establishment_id: establishmentId,
            date,
            service,
            slot: c.slot,
            recipe_id: c.recipeId,
            created_by: actor.userId,
          })),
        )
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: { date, service, dishes: components.length },
    });
  });
  const [day] = (await readRange(db, actor.organisationId, establishmentId, date, date)).days;
  return day!;
}

/**
 * Copies the `days` days from `from` to `to`, `times` times in a row (a four-week cycle over a
 * term). What was planned on the target days is replaced; the source is left as it is.
 */
export async function copyPlan(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  input: { from: string; days: number; to: string; times: number },
): Promise<{ copied: number }> {
  if (daysBetween(input.from, input.to) < input.days)
    throw new AppError('validation', 422, mealPlanMessages.copyOverlap, { to: mealPlanMessages.copyOverlap });
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId, true);
    await assertPremium(trx, actor.organisationId);
    const source = await readEntries(
      trx,
      actor.organisationId,
      establishmentId,
      input.from,
      addDays(input.from, input.days - 1),
    );
    const last = addDays(input.to, input.days * input.times - 1);
    await trx
      .deleteFrom('meal_plan_entries')
      .where('organisation_id', '=', actor.organisationId)
      .where('establishment_id', '=', establishmentId)
      .where('date', '>=', input.to)
      .where('date', '<=', last)
      .execute();
    const rows = copiedEntries(source, daysBetween(input.from, input.to), input.days, input.times).map((e) => ({
      organisation_id: actor.organisationId,
      establishment_id: establishmentId,
      date: e.date,
      service: e.service,
      slot: e.slot,
      recipe_id: e.recipe_id,
      created_by: actor.userId,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('meal_plan_entries')
        .values(rows.slice(i, i + 1000))
        .execute();
    await claimCopiedServices(trx, actor, establishmentId, input.to, last);
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: { copy: { from: input.from, days: input.days, to: input.to, times: input.times }, copied: rows.length },
    });
    return { copied: rows.length };
  });
}

/**
 * Every service of [from, to] a copy replaced takes a new version (those saved before) or its
 * first one (those the copy filled): an editor who had one of them open gets 409 on saving.
 */
async function claimCopiedServices(
  trx: Transaction<DB>,
  actor: Actor,
  establishmentId: string,
  from: string,
  to: string,
): Promise<void> {
  await sql`
    UPDATE meal_plan_services SET version = version + 1, updated_at = now(), updated_by_name = ${actorName(actor)}
    WHERE organisation_id = ${actor.organisationId} AND establishment_id = ${establishmentId}
      AND date >= ${from} AND date <= ${to};
  `.execute(trx);
  await sql`
    INSERT INTO meal_plan_services (organisation_id, establishment_id, date, service, updated_by_name)
    SELECT DISTINCT organisation_id, establishment_id, date, service, ${actorName(actor)} FROM meal_plan_entries
    WHERE organisation_id = ${actor.organisationId} AND establishment_id = ${establishmentId}
      AND date >= ${from} AND date <= ${to}
    ON CONFLICT DO NOTHING`.execute(trx);
}

/**
 * Publishes the week to families: the `meal_plan_published` event (CRM, docs/decisions/0004)
 * written in the transaction that read the week. The families' page shows what is planned.
 */
export async function publishWeek(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  day: string,
): Promise<{ week: string; dishes: number }> {
  const week = mondayOf(day);
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId);
    await assertPremium(trx, actor.organisationId);
    const dishes = (await readEntries(trx, actor.organisationId, establishmentId, week, addDays(week, 6))).length;
    if (dishes === 0)
      throw new AppError('validation', 422, mealPlanMessages.nothingToPublish, {
        week: mealPlanMessages.nothingToPublish,
      });
    await enqueueEvent(trx, actor.userId, 'meal_plan_published', { establishment_id: establishmentId, week, dishes });
    await recordAudit(trx, actor, {
      action: 'status_changed',
      entity: planEntity(establishment),
      details: { to: 'published', week },
    });
    return { week, dishes };
  });
}
