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
import { purchaseEgalim, type PurchaseEgalim } from '../../domain/purchase-egalim.ts';
import { AppError } from '../../lib/errors.ts';
import { findEstablishment } from './establishment-context.ts';
import { readServedPlan } from './served-plan.ts';
import { servedDishes } from './servings.ts';

/**
 * The year's purchases as the plan implies them (docs/product/meal-plans.md « ma cantine »): each
 * planned dish for the covers that eat it (the establishment's covers per weekday, its age mix,
 * its grammages, its diet variants), valued at its products' prices HT with their labels.
 * An estimate, said so everywhere it shows; real purchases replace it where they are recorded
 * (the figures come from `maCantineBilan`, src/shared/catering/ma-cantine.ts, whatever the source).
 */
async function plannedPurchases(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<{ purchases: PurchaseAmount[]; meals: number; unpricedDishes: number; covers: number }> {
  const { entries, substitutes, context } = await readServedPlan(db, organisationId, establishmentId, from, to);
  const { served } = servedDishes(entries, substitutes, context);
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

/**
 * The confirmed supplier invoices of [from, to] as « ma cantine » amounts (docs/product/purchases.md,
 * src/server/domain/purchase-egalim.ts): the establishment's own invoices, and, for an
 * organisation with this one establishment only, those filed without one. Lines of the same
 * family, labels and origin are summed first, so a credit note takes its value off what it
 * corrects; a sum left at or under 0 counts for nothing. Null when no invoice is confirmed.
 */
async function boughtAmounts(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<{ amounts: PurchaseAmount[]; bought: PurchaseEgalim } | null> {
  const establishments = await db
    .selectFrom('establishments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  const bought = await purchaseEgalim(db, organisationId, {
    from,
    to,
    establishmentId: Number(establishments.n) === 1 ? undefined : establishmentId,
  });
  if (bought.invoices === 0) return null;
  const groups = new Map<string, PurchaseAmount>();
  for (const line of bought.lines) {
    const labels = [...line.labels].sort();
    const key = `${line.family}|${labels.join(',')}|${line.france === true}`;
    const group = groups.get(key) ?? { valueHt: 0, family: line.family, labels, france: line.france === true };
    group.valueHt += line.value;
    groups.set(key, group);
  }
  return { amounts: [...groups.values()].filter((g) => g.valueHt > 0), bought };
}

/**
 * GET /api/meal-plans/ma-cantine?establishmentId=&year=: both forms' figures, from the year's
 * confirmed supplier invoices when there are some, else estimated from the plan; `source`
 * and `sourceLabel` say which. Invoices are money: a role without `purchases:read`
 * (src/shared/permissions.ts) is refused the bilan they make (403), never shown the estimate instead.
 */
export async function maCantineFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  year: number,
  options: { canReadPurchases: boolean } = { canReadPurchases: true },
): Promise<MaCantineAnswer> {
  const establishment = await findEstablishment(db, organisationId, establishmentId);
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const [planned, real] = await Promise.all([
    plannedPurchases(db, organisationId, establishmentId, from, to),
    boughtAmounts(db, organisationId, establishmentId, from, to),
  ]);
  if (real && !options.canReadPurchases) throw new AppError('forbidden', 403, mealPlanMessages.purchasesForbidden);
  const bilan = maCantineBilan(real ? real.amounts : planned.purchases);
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
    source: real ? 'purchases' : 'estimate',
    sourceLabel: real
      ? mealPlanMessages.maCantineFromPurchases(real.bought.invoices)
      : mealPlanMessages.maCantineEstimate,
    purchases: real
      ? {
          invoices: real.bought.invoices,
          totalOnlyInvoices: real.bought.totalOnlyInvoices,
          unmatchedValue: real.bought.unmatchedValue,
        }
      : null,
    unpricedDishes: planned.unpricedDishes,
    meals: planned.meals,
    covers: planned.covers,
    simple: bilan.simple,
    detailed: bilan.detailed,
    problems: maCantineProblems(line),
  };
}

/**
 * GET /api/meal-plans/ma-cantine.csv?…&form=simple|detaille: the import file itself. Refused
 * (422, in French) while the establishment has no SIRET, or, for an estimate, no covers: the
 * platform would refuse the file, and a total of one portion per dish is no bilan.
 */
export async function maCantineFile(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  year: number,
  form: 'simple' | 'detaille',
  options: { canReadPurchases: boolean } = { canReadPurchases: true },
): Promise<{ text: string; source: MaCantineAnswer['source'] }> {
  const answer = await maCantineFor(db, organisationId, establishmentId, year, options);
  if (!answer.siret)
    throw new AppError('validation', 422, mealPlanMessages.siretMissing, { siret: mealPlanMessages.siretMissing });
  if (answer.source === 'estimate' && answer.covers === 0)
    throw new AppError('validation', 422, mealPlanMessages.coversMissing, { covers: mealPlanMessages.coversMissing });
  if ((answer.simple.valeur_totale ?? 0) <= 0)
    throw new AppError('validation', 422, mealPlanMessages.pricesMissing, { prices: mealPlanMessages.pricesMissing });
  return { text: maCantineCsv(form, answer.siret, year, answer as MaCantineBilan), source: answer.source };
}
