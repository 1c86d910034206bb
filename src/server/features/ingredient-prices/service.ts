import type { Kysely, Transaction } from 'kysely';
import {
  FREE_BY_DEFAULT_CODES,
  type IngredientPrice,
  type IngredientPriceInputParsed,
  type IngredientPriceList,
} from '../../../shared/ingredient-prices.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { lockOrganisation } from '../../domain/plan-limits.ts';
import { recomputeDependents } from '../../domain/recipe-recompute.ts';
import { claimVersion } from '../../domain/versions.ts';
import { notFound } from '../../lib/http.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The food of a code typed in a path: an unknown or malformed code is a missing resource. */
async function findFood(db: Db, code: string): Promise<{ code: number; name: string }> {
  if (!/^\d{1,9}$/.test(code)) throw notFound();
  const food = await db
    .selectFrom('catalogue_foods')
    .select(['code', 'name'])
    .where('code', '=', Number(code))
    .executeTakeFirst();
  if (!food) throw notFound();
  return food;
}

const priceColumns = ['p.food_code', 'f.name', 'p.amount', 'p.per', 'p.supplier', 'p.version', 'p.updated_at'] as const;

function toPrice(row: {
  food_code: number;
  name: string;
  amount: number | string;
  per: IngredientPrice['per'];
  supplier: string;
  version: number;
  updated_at: Date;
}): IngredientPrice {
  return {
    code: String(row.food_code),
    name: row.name,
    amount: Number(row.amount),
    per: row.per,
    supplier: row.supplier || null,
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** GET /api/ingredient-prices: by food name; tap water listed apart while it has no price. */
export async function listIngredientPrices(db: Kysely<DB>, organisationId: string): Promise<IngredientPriceList> {
  const rows = await db
    .selectFrom('ingredient_prices as p')
    .innerJoin('catalogue_foods as f', 'f.code', 'p.food_code')
    .select(priceColumns)
    .where('p.organisation_id', '=', organisationId)
    .orderBy('f.name_folded')
    .execute();
  const prices = rows.map(toPrice);
  const free = await db
    .selectFrom('catalogue_foods')
    .select(['code', 'name'])
    .where('code', 'in', FREE_BY_DEFAULT_CODES.map(Number))
    .execute();
  return {
    prices,
    freeByDefault: free
      .filter((food) => !prices.some((p) => p.code === String(food.code)))
      .map((food) => ({ code: String(food.code), name: food.name })),
  };
}

/**
 * PUT /api/ingredient-prices/:code: the organisation's price for that food, created or replaced,
 * and every recipe using it (at any depth) costed again in the same transaction. A `version`
 * (body or If-Match) older than the stored one is a 409 and nothing changes.
 */
export async function putIngredientPrice(
  db: Kysely<DB>,
  actor: Actor,
  code: string,
  input: IngredientPriceInputParsed,
  version: number | undefined,
): Promise<IngredientPrice> {
  const food = await findFood(db, code);
  return db.transaction().execute(async (trx) => {
    // Serialized with the organisation's recipe saves and product changes (src/server/domain/recipe-recompute.ts).
    await lockOrganisation(trx, actor.organisationId);
    const values = { amount: input.amount, per: input.per, supplier: input.supplier };
    // The row's version like every editable row's (src/server/domain/versions.ts): made by the first save.
    const claimed = await claimVersion(
      trx,
      'ingredient_prices',
      { organisation_id: actor.organisationId, food_code: String(food.code) },
      version,
      actor,
      { create: { amount: String(values.amount), per: values.per, supplier: values.supplier } },
    );
    await trx
      .updateTable('ingredient_prices')
      .set({ ...values, updated_by: actor.userId })
      .where('organisation_id', '=', actor.organisationId)
      .where('food_code', '=', food.code)
      .execute();
    await recomputeDependents(trx, actor.organisationId, { foodCodes: [food.code] });
    await recordAudit(trx, actor, {
      action: claimed === 1 ? 'created' : 'updated',
      entity: { type: 'ingredient_price', id: null, name: food.name },
      details: { code: String(food.code), amount: input.amount, per: input.per },
    });
    return readPrice(trx, actor.organisationId, food.code);
  });
}

async function readPrice(db: Db, organisationId: string, code: number): Promise<IngredientPrice> {
  const row = await db
    .selectFrom('ingredient_prices as p')
    .innerJoin('catalogue_foods as f', 'f.code', 'p.food_code')
    .select(priceColumns)
    .where('p.organisation_id', '=', organisationId)
    .where('p.food_code', '=', code)
    .executeTakeFirstOrThrow();
  return toPrice(row);
}

/** DELETE /api/ingredient-prices/:code: the food has no price again (tap water: free again). */
export async function deleteIngredientPrice(db: Kysely<DB>, actor: Actor, code: string): Promise<void> {
  const food = await findFood(db, code);
  await db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    const deleted = await trx
      .deleteFrom('ingredient_prices')
      .where('organisation_id', '=', actor.organisationId)
      .where('food_code', '=', food.code)
      .returning('food_code')
      .executeTakeFirst();
    if (!deleted) throw notFound();
    await recomputeDependents(trx, actor.organisationId, { foodCodes: [food.code] });
    await recordAudit(trx, actor, {
      action: 'deleted',
      entity: { type: 'ingredient_price', id: null, name: food.name },
      details: { code: String(food.code) },
    });
  });
}
