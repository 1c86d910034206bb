import type { Kysely } from 'kysely';
import type { ProducedAmount, ProductionAnswer } from '../../../shared/api/meal-plans.ts';
import { POPULATIONS, SERVICES, type Population } from '../../../shared/catering/catering.ts';
import { closureOn } from '../../../shared/catering/calendar.ts';
import { servedVariants, variantLabel } from '../../../shared/catering/diets.ts';
import { coverPortion, portionSourceText, type PortionGrid } from '../../../shared/catering/portions.ts';
import { AmountTotals, amountOf, displayAmount } from '../../../shared/catering/quantities.ts';
import type { DB } from '../../db/schema.ts';
import type { Dish } from './dishes.ts';
import { readServedPlan } from './served-plan.ts';
import { servedDishes, type ServedDish } from './servings.ts';

/** Raw grams of a recipe's weighed lines, and its yield: served (cooked) weight ÷ raw weight. */
function yieldOf(dish: Dish): { raw: number; percent: number | null } {
  const raw = dish.lines.reduce((s, l) => s + (l.grams ?? 0), 0);
  const cooked = dish.profile.portionGrams === null ? null : dish.profile.portionGrams * Math.max(1, dish.servings);
  return { raw, percent: raw > 0 && cooked !== null ? Math.round((cooked / raw) * 1000) / 10 : null };
}

/** A dish's lines for its batches, in the units a cook orders; every line adds to the day's totals. */
function ingredientsOf(s: ServedDish, totals: AmountTotals): ProducedAmount[] {
  return s.dish.lines.flatMap((line) => {
    const amount = amountOf(line.quantity * s.batches, line.unit, line.grams === null ? null : line.grams * s.batches);
    if (!amount) return [];
    totals.add(line.key, line.name, amount.kind, amount.value);
    return [{ name: line.name, ...displayAmount(amount.kind, amount.value) }];
  });
}

function sheetLine(s: ServedDish, grid: PortionGrid, totals: AmountTotals): ProductionAnswer['dishes'][number] {
  const populations = POPULATIONS.filter((p) => s.covers[p] > 0);
  const each = populations.map((p) => ({ population: p, ...coverPortion(grid, s.slot, p, s.dish.profile) }));
  const ownPortion = s.dish.profile.portionGrams === null ? null : Math.round(s.dish.profile.portionGrams);
  const grams = (p: Population, cell: { grams: number | null }) => cell.grams ?? ownPortion;
  const servedGrams = each.every((c) => grams(c.population, c.cell) !== null)
    ? each.reduce((sum, c) => sum + s.covers[c.population] * grams(c.population, c.cell)!, 0)
    : null;
  return {
    service: s.service,
    slot: s.slot,
    recipeName: s.dish.name,
    variant: s.variant,
    variantLabel: s.variant && variantLabel(s.variant),
    coversTotal: s.total,
    servedGrams,
    yieldPercent: yieldOf(s.dish).percent,
    portionLine: coverPortion(grid, s.slot, 'adulte', s.dish.profile).line,
    portionGrams: Object.fromEntries(each.map((c) => [c.population, grams(c.population, c.cell)])),
    portionSources: Object.fromEntries(each.map((c) => [c.population, c.cell.source])),
    portionSourceTexts: Object.fromEntries(each.map((c) => [c.population, portionSourceText(c.line, c.cell.source)])),
    scaled: each.every((c) => c.scaled || c.cell.grams === null),
    ingredients: ingredientsOf(s, totals),
  };
}

/**
 * The production sheet of `date` (GET /api/meal-plans/production): each dish for the covers
 * that eat it, in served (cooked) weight per population with its source, and the raw
 * quantities to take out from the recipe's yield; then one total per ingredient for the day.
 * Covers are the establishment's (its covers of that weekday, spread by its age mix) unless
 * covers are typed; its diet counts move covers to the substitute dishes.
 */
export async function productionFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  date: string,
  typedCovers: Partial<Record<Population, number>>,
): Promise<ProductionAnswer> {
  const { entries, substitutes, context } = await readServedPlan(db, organisationId, establishmentId, date, date);
  const { grid, calendar, diets } = context;
  const typed = POPULATIONS.some((p) => typedCovers[p] !== undefined)
    ? (Object.fromEntries(POPULATIONS.map((p) => [p, typedCovers[p] ?? 0])) as Record<Population, number>)
    : undefined;
  const { served, warnings } = servedDishes(entries, substitutes, { ...context, ...(typed ? { typed } : {}) });
  const totals = new AmountTotals();
  const lines = served.map((s) => sheetLine(s, grid, totals));
  const services = SERVICES.filter((s) => entries.some((e) => e.service === s));
  const closure = typed
    ? null
    : (services.length ? services : (['dejeuner'] as const)).map((s) => closureOn(date, s, calendar)).find(Boolean);
  const covers = Object.fromEntries(
    POPULATIONS.map((p) => [p, Math.max(0, ...served.filter((s) => s.variant === null).map((s) => s.covers[p]), 0)]),
  ) as Record<Population, number>;
  return {
    date,
    covers: typed ?? covers,
    coversSource: typed ? 'saisie' : 'etablissement',
    closed: closure?.label ?? null,
    variants: services.flatMap((service) =>
      servedVariants(diets, service).map((v) => ({ service, ...v, label: variantLabel(v.variant) })),
    ),
    warnings,
    totals: totals.list().map((t) => ({ name: t.name, ...displayAmount(t.kind, t.value) })),
    dishes: lines,
  };
}
