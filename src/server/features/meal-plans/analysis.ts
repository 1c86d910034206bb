import type { Kysely } from 'kysely';
import type { EgalimAnswer, GemrcnAnswer } from '../../../shared/api/meal-plans.ts';
import { addDays, mondayOf, type Population } from '../../../shared/catering/catering.ts';
import {
  egalimShares,
  egalimTotals,
  type EgalimTotals,
  type PlannedPurchaseLine,
} from '../../../shared/catering/egalim.ts';
import { evaluateGrid, RULESET_LABELS, type GridMeal } from '../../../shared/catering/gemrcn.ts';
import type { DB } from '../../db/schema.ts';
import { loadDishes, type Dish } from './dishes.ts';
import { findEstablishment } from './establishment-context.ts';
import { readEntries, type EntryRow } from './plan-rows.ts';

/** 20 grid meals fit in 120 days even with one lunch a week for a term and its holidays. */
const GRID_LOOKAHEAD_DAYS = 120;

function gridMeals(entries: readonly EntryRow[], dishes: ReadonlyMap<string, Dish>): GridMeal[] {
  const meals = new Map<string, GridMeal & { components: { slot: EntryRow['slot']; dish: Dish['profile'] }[] }>();
  for (const e of entries) {
    const dish = dishes.get(e.recipe_id);
    if (!dish) continue;
    const key = `${e.date} ${e.service}`;
    const meal = meals.get(key) ?? { date: e.date, service: e.service, components: [] };
    meal.components.push({ slot: e.slot, dish: dish.profile });
    meals.set(key, meal);
  }
  return [...meals.values()];
}

export async function gemrcnFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  population: Population,
): Promise<GemrcnAnswer> {
  await findEstablishment(db, organisationId, establishmentId);
  const entries = await readEntries(db, organisationId, establishmentId, from, addDays(from, GRID_LOOKAHEAD_DAYS));
  const dishes = await loadDishes(
    db,
    organisationId,
    entries.map((e) => e.recipe_id),
  );
  const result = evaluateGrid(gridMeals(entries, dishes), population);
  return {
    ...result,
    population,
    rulesetLabel: RULESET_LABELS[result.ruleset],
    incompleteMeals: [...new Set(result.incomplete.map((m) => m.date))],
  };
}

/** What one portion of each planned dish is bought as, sub-recipes opened (shares are ratios: covers cancel out). */
function plannedLines(entries: readonly EntryRow[], dishes: ReadonlyMap<string, Dish>): PlannedPurchaseLine[] {
  return entries.flatMap((e) => dishes.get(e.recipe_id)?.purchaseLines ?? []);
}

export interface EgalimReport {
  answer: EgalimAnswer;
  totals: EgalimTotals;
}

export async function egalimFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<EgalimReport> {
  await findEstablishment(db, organisationId, establishmentId);
  const entries = await readEntries(db, organisationId, establishmentId, from, to);
  const dishes = await loadDishes(
    db,
    organisationId,
    entries.map((e) => e.recipe_id),
  );
  const totals = egalimTotals(plannedLines(entries, dishes));
  // The weeks with a lunch in the period, each read whole, Monday to Sunday, even where the
  // period cuts it (a month ending on a Monday): its vegetarian lunch may be on the Friday after.
  const weekFrom = mondayOf(from);
  const weekTo = addDays(mondayOf(to), 6);
  const weekEntries =
    weekFrom === from && weekTo === to
      ? entries
      : await readEntries(db, organisationId, establishmentId, weekFrom, weekTo);
  const weekDishes = new Map(dishes);
  for (const [id, dish] of await loadDishes(
    db,
    organisationId,
    weekEntries.filter((e) => !dishes.has(e.recipe_id)).map((e) => e.recipe_id),
  ))
    weekDishes.set(id, dish);
  const touched = new Set(entries.filter((e) => e.service === 'dejeuner').map((e) => mondayOf(e.date)));
  const lunches = new Map<string, Map<string, boolean>>();
  for (const e of weekEntries) {
    if (e.service !== 'dejeuner' || !weekDishes.has(e.recipe_id) || !touched.has(mondayOf(e.date))) continue;
    const week = lunches.get(mondayOf(e.date)) ?? new Map<string, boolean>();
    week.set(e.date, (week.get(e.date) ?? true) && weekDishes.get(e.recipe_id)!.profile.vegetarian);
    lunches.set(mondayOf(e.date), week);
  }
  const weeks = [...lunches.keys()].sort();
  const withVegetarian = weeks.filter((w) => [...lunches.get(w)!.values()].some(Boolean));
  return {
    totals,
    answer: {
      purchaseValue: totals.purchaseValue,
      sustainableValue: totals.sustainableValue,
      organicValue: totals.organicValue,
      ...egalimShares(totals),
      unpricedLines: totals.unpricedLines,
      weeks: weeks.length,
      vegetarianWeeks: withVegetarian.length,
      weeksWithoutVegetarian: weeks.filter((w) => !withVegetarian.includes(w)),
    },
  };
}

/**
 * The meal plan's EGalim estimate over a period, of one establishment or all of them summed
 * (GET /api/purchases/egalim answers it, marked « estimate », while no invoice is confirmed).
 */
export async function egalimEstimate(
  db: Kysely<DB>,
  organisationId: string,
  period: { from: string; to: string; establishmentId?: string | undefined },
) {
  const ids = period.establishmentId
    ? [period.establishmentId]
    : (await db.selectFrom('establishments').select('id').where('organisation_id', '=', organisationId).execute()).map(
        (e) => e.id,
      );
  const sum = { totalValue: 0, sustainableValue: 0, organicValue: 0, meatFishValue: 0, meatFishSustainableValue: 0 };
  for (const id of ids) {
    const { totals } = await egalimFor(db, organisationId, id, period.from, period.to);
    sum.totalValue += totals.purchaseValue;
    sum.sustainableValue += totals.sustainableValue;
    sum.organicValue += totals.organicValue;
    sum.meatFishValue += totals.meatFishValue;
    sum.meatFishSustainableValue += totals.meatFishSustainableValue;
  }
  const round2 = (v: number) => Math.round(v * 100) / 100;
  const totals = Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, round2(v)])) as typeof sum;
  const shares = egalimShares({ ...totals, purchaseValue: totals.totalValue });
  return { ...totals, ...shares };
}
