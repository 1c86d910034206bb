import { sql, type Kysely, type Transaction } from 'kysely';
import { mealPlanMessages } from '../../../shared/api/meal-plans.ts';
import { SERVICES, SLOTS, type Service, type Slot } from '../../../shared/catering/catering.ts';
import type { Variant } from '../../../shared/catering/diets.ts';
import type { DB } from '../../db/schema.ts';
import { currentTier } from '../../domain/plan-limits.ts';
import { AppError } from '../../lib/errors.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The planned rows of an establishment (dishes and their substitutes), and what every change checks. */
export interface EntryRow {
  date: string;
  service: Service;
  slot: Slot;
  recipe_id: string;
}
export interface SubstituteRow extends EntryRow {
  variant: Variant;
}

const order = (r: EntryRow) => [r.date, SERVICES.indexOf(r.service), SLOTS.indexOf(r.slot)] as const;
function byServingOrder<R extends EntryRow>(rows: R[]): R[] {
  return rows.sort((a, b) => {
    const [da, sa, ca] = order(a);
    const [db2, sb, cb] = order(b);
    return da < db2 ? -1 : da > db2 ? 1 : sa - sb || ca - cb;
  });
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
  return byServingOrder(rows);
}

/** The substitute dishes of [from, to] (« menus de substitution »). */
export async function readSubstitutes(
  db: Db,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<SubstituteRow[]> {
  const rows = await db
    .selectFrom('meal_plan_substitutes')
    .select([sql<string>`date::text`.as('date'), 'service', 'slot', 'variant', 'recipe_id'])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return byServingOrder(rows.map((r) => ({ ...r, variant: r.variant as Variant })));
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

/** Planning is a Premium feature (docs/decisions/0021-meal-plans-gemrcn-egalim.md): a free organisation reads, and is told how to plan. */
export async function assertPremium(trx: Transaction<DB>, organisationId: string): Promise<void> {
  if ((await currentTier(trx, organisationId)) !== 'premium')
    throw new AppError('plan_limit', 403, mealPlanMessages.premiumOnly);
}
