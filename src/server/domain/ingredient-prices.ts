import type { Kysely, Transaction } from 'kysely';
import type { LinePrice } from '../../shared/ingredient-prices.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The organisation's prices of these Ciqual foods, keyed by code as text (src/shared/ingredient-prices.ts
 * `priceOfFood` adds free tap water). Read by every computation of a recipe's cost: a save, a
 * product's or a price's change, the start-up refresh.
 */
export async function findIngredientPrices(
  db: Db,
  organisationId: string,
  codes: readonly number[],
): Promise<Map<string, LinePrice>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('ingredient_prices')
    .select(['food_code', 'amount', 'per'])
    .where('organisation_id', '=', organisationId)
    .where('food_code', 'in', [...new Set(codes)])
    .execute();
  return new Map(rows.map((row) => [String(row.food_code), { amount: Number(row.amount), per: row.per }]));
}
