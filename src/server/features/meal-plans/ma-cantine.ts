import type { Kysely } from 'kysely';
import { mealPlanMessages, type MaCantineAnswer } from '../../../shared/api/meal-plans.ts';
import {
  maCantineBilan,
  maCantineCsv,
  maCantineProblems,
  SIMPLE_COLUMNS,
  type MaCantineBilan,
  type PurchaseAmount,
} from '../../../shared/catering/ma-cantine.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { readDiets } from './diets.ts';
import { loadDishes } from './dishes.ts';
import { calendarContext, findEstablishment } from './establishment-context.ts';
import { readPortionGrid } from './portion-grid.ts';
import { readEntries, readSubstitutes } from './plan-rows.ts';
import { servedDishes } from './servings.ts';

/**
 * The year's purchases as the plan implies them (docs/product/meal-plans.md « ma cantine »): each
 * planned dish for the covers that eat it (the establishment's covers per weekday, its age mix,
 * its grammages, its diet variants), valued at its products' prices HT with their labels.
 * An estimate, said so everywhere it shows; real purchases replace it where they are recorded
 * (the figures come from `maCantineBilan`, src/shared/catering/ma-cantine.ts, whatever the source).
 */
export async function plannedPurchases(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<{ purchases: PurchaseAmount[]; meals: number; unpricedDishes: number; covers: number }> {
  const establishment = await findEstablishment(db, organisationId, establishmentId);
  const [entries, substitutes, calendar, grid, diets] = await Promise.all([
    readEntries(db, organisationId, establishmentId, from, to),
    readSubstitutes(db, organisationId, establishmentId, from, to),
    calendarContext(db, organisationId, establishment, from, to),
    readPortionGrid(db, organisationId, establishmentId),
    readDiets(db, organisationId, establishmentId),
  ]);
  const dishes = await loadDishes(db, organisationId, [
    ...entries.map((e) => e.recipe_id),
    ...substitutes.map((s) => s.recipe_id),
  ]);
  const { served } = servedDishes(entries, substitutes, {
    dishes,
    grid,
    ageMix: establishment.profile.ageMixInUse,
    covers: establishment.covers,
    diets: diets.counts,
    calendar,
  });
  const purchases: PurchaseAmount[] = [];
  let unpricedDishes = 0;
  for (const s of served) {
    const portions = s.batches * Math.max(1, s.dish.servings);
    if (s.dish.purchaseLines.some((l) => l.value === null)) unpricedDishes += 1;
    for (const line of s.dish.purchaseLines)
      if (line.value !== null && portions > 0)
        purchases.push({
          valueHt: line.value * portions,
          family: line.family,
          labels: line.labels,
          france: line.france === true,
        });
  }
  const meals = new Set(served.filter((s) => s.service !== 'gouter').map((s) => `${s.date} ${s.service}`)).size;
  return { purchases, meals, unpricedDishes, covers: served.reduce((n, s) => n + s.total, 0) };
}

/** GET /api/meal-plans/ma-cantine?establishmentId=&year=: both forms' figures, marked as an estimate. */
export async function maCantineFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  year: number,
): Promise<MaCantineAnswer> {
  const establishment = await findEstablishment(db, organisationId, establishmentId);
  const { purchases, meals, unpricedDishes, covers } = await plannedPurchases(
    db,
    organisationId,
    establishmentId,
    `${year}-01-01`,
    `${year}-12-31`,
  );
  const bilan = maCantineBilan(purchases);
  const line = Object.fromEntries(
    SIMPLE_COLUMNS.map((c) => [
      c,
      c === 'siret'
        ? (establishment.profile.siret ?? '')
        : c === 'année_bilan'
          ? String(year)
          : bilan.simple[c].toFixed(2),
    ]),
  );
  return {
    establishmentId,
    year,
    siret: establishment.profile.siret,
    source: 'estimate',
    unpricedDishes,
    meals,
    covers,
    simple: bilan.simple,
    detailed: bilan.detailed,
    problems: maCantineProblems(line),
  };
}

/**
 * GET /api/meal-plans/ma-cantine.csv?…&form=simple|detaille: the import file itself. Refused
 * (422, in French) while the establishment has no SIRET or no covers: the platform would
 * refuse the file, and a total of one portion per dish is no bilan.
 */
export async function maCantineFile(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  year: number,
  form: 'simple' | 'detaille',
): Promise<string> {
  const answer = await maCantineFor(db, organisationId, establishmentId, year);
  if (!answer.siret)
    throw new AppError('validation', 422, mealPlanMessages.siretMissing, { siret: mealPlanMessages.siretMissing });
  if (answer.covers === 0)
    throw new AppError('validation', 422, mealPlanMessages.coversMissing, { covers: mealPlanMessages.coversMissing });
  if ((answer.simple.valeur_totale ?? 0) <= 0)
    throw new AppError('validation', 422, mealPlanMessages.pricesMissing, { prices: mealPlanMessages.pricesMissing });
  return maCantineCsv(form, answer.siret, year, answer as MaCantineBilan);
}
