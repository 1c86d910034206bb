import { sql, type Kysely, type Transaction } from 'kysely';
import {
  mealPlanMessages,
  type MealPlanRange,
  type PlannedComponent,
  type PlannedDay,
} from '../../../shared/api/meal-plans.ts';
import { addDays, SERVICES, type Population, type Service, type Slot } from '../../../shared/catering/catering.ts';
import { closureOn, nextServiceDays, type CalendarContext } from '../../../shared/catering/calendar.ts';
import {
  dietProblem,
  isTexture,
  servedVariants,
  variantLabel,
  type DietCounts,
  type Variant,
} from '../../../shared/catering/diets.ts';
import { coverPortion } from '../../../shared/catering/portions.ts';
import { roundOneDecimal } from '../../../shared/nutrition.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { actorName, claimVersion } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { dietFacts, loadDishes, purchaseLineOf, type Dish } from './dishes.ts';
import { calendarContext, findEstablishment, type PlanEstablishment } from './establishment-context.ts';
import { readPortionGrid } from './portion-grid.ts';
import { weekStates, weeksChanged } from './weeks.ts';
import { readDiets } from './diets.ts';
import {
  assertPremium,
  planEntity,
  readEntries,
  readSubstitutes,
  type EntryRow,
  type SubstituteRow,
} from './plan-rows.ts';

export { type EntryRow, type SubstituteRow } from './plan-rows.ts';

type Db = Kysely<DB> | Transaction<DB>;

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
async function readServiceVersions(
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
 * Days of [from, to], each with its services, nutrition, cost per cover, substitutes and closures.
 * A service is listed when it has dishes, or, with `versions` (the planning screen), once it was
 * saved, even emptied: its version is what the next save names (0 for one never saved).
 */
export function buildDays(
  from: string,
  to: string,
  entries: readonly EntryRow[],
  dishes: ReadonlyMap<string, Dish>,
  factor: CoverFactor = ONE_PORTION,
  extra: {
    substitutes?: readonly SubstituteRow[];
    calendar?: CalendarContext;
    diets?: DietCounts;
    versions?: ServiceVersions;
  } = {},
): PlannedDay[] {
  const byDate = new Map<string, EntryRow[]>();
  for (const e of entries) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
  const substitutesOf = (e: EntryRow): PlannedComponent['substitutes'] =>
    (extra.substitutes ?? [])
      .filter((s) => s.date === e.date && s.service === e.service && s.slot === e.slot && dishes.has(s.recipe_id))
      .map((s) => {
        const dish = dishes.get(s.recipe_id)!;
        const problem = dietProblem(s.variant, dietFacts(dish));
        return {
          variant: s.variant,
          recipeId: s.recipe_id,
          recipeName: dish.name,
          problem: problem && mealPlanMessages.substituteUnsuited(variantLabel(s.variant), problem),
        };
      });
  const days: PlannedDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const rows = (byDate.get(date) ?? []).filter((e) => dishes.has(e.recipe_id));
    const services = SERVICES.map((service) => ({
      service,
      version: extra.versions?.get(serviceKey(date, service)) ?? 0,
      components: rows
        .filter((e) => e.service === service)
        .map((e) => {
          const substitutes = substitutesOf(e);
          const dish = dishes.get(e.recipe_id)!;
          const unsuited = servedVariants(extra.diets ?? {}, service).flatMap(({ variant }) => {
            const problem = isTexture(variant) ? null : dietProblem(variant, dietFacts(dish));
            return problem ? [{ variant, problem }] : [];
          });
          return {
            slot: e.slot,
            recipeId: e.recipe_id,
            recipeName: dish.name,
            ...(substitutes && substitutes.length > 0 ? { substitutes } : {}),
            ...(unsuited.length > 0 ? { unsuited } : {}),
          };
        }),
    })).filter((s) => s.components.length > 0 || s.version > 0);
    const served = rows.map((e) => ({ dish: dishes.get(e.recipe_id)!, factor: factor(e, dishes.get(e.recipe_id)!) }));
    const lunch = rows.filter((e) => e.service === 'dejeuner').map((e) => dishes.get(e.recipe_id)!);
    const total = (key: keyof Dish['perServing']) =>
      sumOrNull(
        served.map(({ dish, factor: f }) => (dish.perServing[key] === null ? null : dish.perServing[key]! * f)),
      );
    const calendar = extra.calendar;
    const closures = calendar
      ? Object.fromEntries(
          SERVICES.flatMap((service) => {
            const closure = closureOn(date, service, calendar);
            return closure ? [[service, { kind: closure.kind, label: closure.label }]] : [];
          }),
        )
      : undefined;
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
      ...(closures ? { closures } : {}),
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
 * of one cover of that population; without, of one recipe portion of each dish. Each day says
 * why a service is not served (the calendar), and each week its publication.
 */
export async function readRange(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
  population?: Population,
): Promise<MealPlanRange> {
  const establishment = await findEstablishment(db, organisationId, establishmentId);
  const [entries, substitutes, calendar, weeks, diets] = await Promise.all([
    readEntries(db, organisationId, establishmentId, from, to),
    readSubstitutes(db, organisationId, establishmentId, from, to),
    calendarContext(db, organisationId, establishment, from, to),
    weekStates(db, organisationId, establishmentId, from, to),
    readDiets(db, organisationId, establishmentId),
  ]);
  const dishes = await loadDishes(db, organisationId, [
    ...entries.map((e) => e.recipe_id),
    ...substitutes.map((s) => s.recipe_id),
  ]);
  const versions = await readServiceVersions(db, organisationId, establishmentId, from, to);
  const extra = { substitutes, calendar, diets: diets.counts, versions };
  if (!population) return { days: buildDays(from, to, entries, dishes, ONE_PORTION, extra), weeks };
  const grid = await readPortionGrid(db, organisationId, establishmentId);
  return {
    days: buildDays(
      from,
      to,
      entries,
      dishes,
      (e, dish) => coverPortion(grid, e.slot, population, dish.profile).factor,
      extra,
    ),
    weeks,
  };
}

export interface ComponentInput {
  slot: Slot;
  recipeId: string;
  substitutes?: { variant: Variant; recipeId: string }[];
}

/**
 * Every recipe id the components name must be the organisation's, and a substitute must suit
 * its variant (a « sans porc » dish without pork, a PAI arachide dish without peanuts or their
 * traces): 422 next to each one that does not.
 */
async function assertOwnRecipes(
  trx: Transaction<DB>,
  organisationId: string,
  components: readonly ComponentInput[],
): Promise<void> {
  const ids = [...new Set(components.flatMap((c) => [c.recipeId, ...(c.substitutes ?? []).map((s) => s.recipeId)]))];
  const found =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('recipes')
          .select('id')
          .where('organisation_id', '=', organisationId)
          .where('id', 'in', ids)
          .execute();
  const known = new Set(found.map((r) => r.id));
  const fields: Record<string, string> = {};
  components.forEach((c, i) => {
    if (!known.has(c.recipeId)) fields[`components.${i}.recipeId`] = mealPlanMessages.recipeInvalid;
    (c.substitutes ?? []).forEach((s, j) => {
      if (!known.has(s.recipeId)) fields[`components.${i}.substitutes.${j}.recipeId`] = mealPlanMessages.recipeInvalid;
    });
  });
  if (Object.keys(fields).length > 0) throw new AppError('validation', 422, mealPlanMessages.recipeInvalid, fields);
  const substitutes = components.flatMap((c) => c.substitutes ?? []);
  if (substitutes.length === 0) return;
  const dishes = await loadDishes(
    trx,
    organisationId,
    substitutes.map((s) => s.recipeId),
  );
  components.forEach((c, i) =>
    (c.substitutes ?? []).forEach((s, j) => {
      const problem = dietProblem(s.variant, dietFacts(dishes.get(s.recipeId)!));
      if (problem)
        fields[`components.${i}.substitutes.${j}.recipeId`] = mealPlanMessages.substituteUnsuited(
          variantLabel(s.variant),
          problem,
        );
    }),
  );
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation', 422, first, fields);
}

/** 422 on `date` when the establishment does not serve that day (its calendar, docs/product/meal-plans.md). */
async function assertServed(
  trx: Transaction<DB>,
  organisationId: string,
  establishment: PlanEstablishment,
  date: string,
  service: Service,
): Promise<void> {
  const calendar = await calendarContext(trx, organisationId, establishment, date, date);
  const closure = closureOn(date, service, calendar);
  if (closure) {
    const message = mealPlanMessages.closedDay(closure.label, closure.kind);
    throw new AppError('validation', 422, message, { date: message });
  }
}

/**
 * PUT one service of one day: its components (and their substitutes) are replaced as a whole
 * (an empty list clears it). A day the establishment does not serve is refused, unless the
 * service is being cleared.
 */
export async function putService(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  date: string,
  service: Service,
  components: readonly ComponentInput[],
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
    if (components.length > 0) await assertServed(trx, actor.organisationId, establishment, date, service);
    await assertOwnRecipes(trx, actor.organisationId, components);
    for (const table of ['meal_plan_entries', 'meal_plan_substitutes'] as const)
      await trx
        .deleteFrom(table)
        .where('organisation_id', '=', actor.organisationId)
        .where('establishment_id', '=', establishmentId)
        .where('date', '=', date)
        .where('service', '=', service)
        .execute();
    const base = { organisation_id: actor.organisationId, establishment_id: establishmentId, date, service };
    if (components.length > 0)
      await trx
        .insertInto('meal_plan_entries')
        .values(components.map((c) => ({ ...base, slot: c.slot, recipe_id: c.recipeId, created_by: actor.userId })))
        .execute();
    const substitutes = components.flatMap((c) =>
      (c.substitutes ?? []).map((s) => ({
        ...base,
        slot: c.slot,
        variant: s.variant,
        recipe_id: s.recipeId,
        created_by: actor.userId,
      })),
    );
    if (substitutes.length > 0) await trx.insertInto('meal_plan_substitutes').values(substitutes).execute();
    await weeksChanged(trx, actor, establishmentId, [date]);
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: {
        date,
        service,
        dishes: components.length,
        ...(substitutes.length ? { substitutes: substitutes.length } : {}),
      },
    });
  });
  const [day] = (await readRange(db, actor.organisationId, establishmentId, date, date)).days;
  return day!;
}

/**
 * Copies the `days` days from `from` onto the establishment's service days from `to`, `times`
 * times in a row (a four-week cycle over a term). The n-th day of the source that is served
 * lands on the n-th served day from `to`: a closed day (a holiday, a Wednesday without school,
 * a weekend) is skipped and named, and the cycle goes on after it, so the 20 meals the GEMRCN
 * grid reads stay together (docs/decisions/0035). What was planned on the target days is
 * replaced; the source is left as it is. A one-day copy onto a closed day copies nothing.
 */
export async function copyPlan(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  input: { from: string; days: number; to: string; times: number },
): Promise<{ copied: number; skipped: { date: string; label: string }[] }> {
  if (input.to <= addDays(input.from, input.days - 1))
    throw new AppError('validation', 422, mealPlanMessages.copyOverlap, { to: mealPlanMessages.copyOverlap });
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId, true);
    await assertPremium(trx, actor.organisationId);
    const last = addDays(input.from, input.days - 1);
    const [entries, substitutes] = await Promise.all([
      readEntries(trx, actor.organisationId, establishmentId, input.from, last),
      readSubstitutes(trx, actor.organisationId, establishmentId, input.from, last),
    ]);
    // Wide enough for 13 cycles and a summer.
    const horizon = addDays(input.to, input.days * input.times * 2 + 120);
    const calendar = await calendarContext(trx, actor.organisationId, establishment, input.from, horizon);
    const copied: { date: string; service: Service; slot: Slot; recipe_id: string; variant?: Variant }[] = [];
    const skipped = new Map<string, string>();
    const targetDays = new Set<string>();
    for (const service of SERVICES) {
      const planned = entries.some((e) => e.service === service);
      const sourceDays = [...Array(input.days).keys()]
        .map((k) => addDays(input.from, k))
        .filter((d) => !closureOn(d, service, calendar));
      const targets = nextServiceDays(input.to, sourceDays.length * input.times, service, calendar);
      targets.forEach((target, k) => {
        const source = sourceDays[k % sourceDays.length]!;
        targetDays.add(target);
        for (const e of entries) if (e.date === source && e.service === service) copied.push({ ...e, date: target });
        for (const s of substitutes)
          if (s.date === source && s.service === service) copied.push({ ...s, date: target });
      });
      const end = targets.at(-1) ?? addDays(input.to, input.days * input.times - 1);
      for (let d = input.to; planned && d <= end; d = addDays(d, 1)) {
        const closure = closureOn(d, service, calendar);
        if (closure && closure.kind !== 'weekend') skipped.set(d, closure.label);
      }
    }
    const days = [...targetDays];
    if (days.length > 0)
      for (const table of ['meal_plan_entries', 'meal_plan_substitutes'] as const)
        await trx
          .deleteFrom(table)
          .where('organisation_id', '=', actor.organisationId)
          .where('establishment_id', '=', establishmentId)
          .where(sql<string>`date::text`, 'in', days)
          .execute();
    const base = { organisation_id: actor.organisationId, establishment_id: establishmentId, created_by: actor.userId };
    const rows = copied
      .filter((c) => c.variant === undefined)
      .map((c) => ({ ...base, date: c.date, service: c.service, slot: c.slot, recipe_id: c.recipe_id }));
    const subs = copied.flatMap((c) =>
      c.variant === undefined
        ? []
        : [{ ...base, date: c.date, service: c.service, slot: c.slot, variant: c.variant, recipe_id: c.recipe_id }],
    );
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto('meal_plan_entries')
        .values(rows.slice(i, i + 1000))
        .execute();
    for (let i = 0; i < subs.length; i += 1000)
      await trx
        .insertInto('meal_plan_substitutes')
        .values(subs.slice(i, i + 1000))
        .execute();
    await weeksChanged(trx, actor, establishmentId, days);
    const skippedList = [...skipped]
      .map(([date, label]) => ({ date, label }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    await claimCopiedServices(trx, actor, establishmentId, days);
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: {
        copy: { from: input.from, days: input.days, to: input.to, times: input.times },
        copied: rows.length,
        ...(skippedList.length ? { skipped: skippedList.length } : {}),
      },
    });
    return { copied: rows.length, skipped: skippedList };
  });
}

/**
 * Every service of the days a copy replaced takes a new version (those saved before) or its
 * first one (those the copy filled): an editor who had one of them open gets 409 on saving.
 */
async function claimCopiedServices(
  trx: Transaction<DB>,
  actor: Actor,
  establishmentId: string,
  days: readonly string[],
): Promise<void> {
  if (days.length === 0) return;
  const dates = sql.join(days.map((d) => sql`${d}::date`));
  await sql`
    UPDATE meal_plan_services SET version = version + 1, updated_at = now(), updated_by_name = ${actorName(actor)}
    WHERE organisation_id = ${actor.organisationId} AND establishment_id = ${establishmentId}
      AND date IN (${dates});
  `.execute(trx);
  await sql`
    INSERT INTO meal_plan_services (organisation_id, establishment_id, date, service, updated_by_name)
    SELECT DISTINCT organisation_id, establishment_id, date, service, ${actorName(actor)} FROM meal_plan_entries
    WHERE organisation_id = ${actor.organisationId} AND establishment_id = ${establishmentId}
      AND date IN (${dates})
    ON CONFLICT DO NOTHING`.execute(trx);
}
