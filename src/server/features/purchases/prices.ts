import { sql, type Kysely } from 'kysely';
import type { PriceUnit } from '../../../shared/api/product-vocabulary.ts';
import {
  type PriceReport,
  type ProductPrice,
  type PriceRise,
  type PurchaseSettings,
  type RecipeOverTarget,
} from '../../../shared/api/purchases.ts';
import { recipeMargins } from '../../../shared/costs.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../../domain/audit.ts';
import { priceHistory } from '../../domain/product-prices.ts';
import { claimVersion } from '../../domain/versions.ts';

const DEFAULT_TARGET = 30;

/** GET /api/products/:id/prices: every price the organisation's product had; another's (or none) → 404. */
export async function productPrices(
  db: Kysely<DB>,
  organisationId: string,
  productId: string,
): Promise<ProductPrice[]> {
  if (!isUuid(productId)) throw notFound();
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!product) throw notFound();
  return priceHistory(db, organisationId, productId);
}

/** GET /api/purchases/settings: the food cost target, 30 % until the owner sets theirs. */
export async function readSettings(db: Kysely<DB>, organisationId: string): Promise<PurchaseSettings> {
  const row = await db
    .selectFrom('purchase_settings')
    .select(['food_cost_target', 'version'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row
    ? { foodCostTarget: Number(row.food_cost_target), version: row.version }
    : { foodCostTarget: DEFAULT_TARGET, version: 1 };
}

/**
 * PUT /api/purchases/settings: a stale `expected` version → 409 naming who saved meanwhile
 * (src/server/domain/versions.ts), nothing changed. Before the first save the target is the
 * default at version 1, so the row is made as such first.
 */
export async function saveSettings(
  db: Kysely<DB>,
  actor: Actor,
  input: { foodCostTarget: number },
  expected?: number,
): Promise<PurchaseSettings> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('purchase_settings')
      .values({ organisation_id: actor.organisationId })
      .onConflict((oc) => oc.column('organisation_id').doNothing())
      .execute();
    // The claim locks the row: the target read next is the one this change replaces.
    await claimVersion(trx, 'purchase_settings', { organisation_id: actor.organisationId }, expected, actor);
    const current = await trx
      .selectFrom('purchase_settings')
      .select(['food_cost_target'])
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('purchase_settings')
      .set({ food_cost_target: input.foodCostTarget })
      .where('organisation_id', '=', actor.organisationId)
      .returning(['food_cost_target', 'version'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: { type: 'purchase_settings', id: null, name: `${input.foodCostTarget} %` },
      details: { from: Number(current.food_cost_target), to: input.foodCostTarget },
    });
    return { foodCostTarget: Number(row.food_cost_target), version: row.version };
  });
}

type PriceRow = {
  product_id: string;
  name: string;
  date: string;
  amount: number;
  per: PriceUnit;
  source: 'invoice' | 'manual' | 'price_list';
};

/**
 * GET /api/purchases/prices?from=&to= (« Prix »): each product's last price of the period
 * beside the one it had before (its last price before the period, else its first in it), in
 * the same unit; rises and falls by how much. And the recipes whose cost a confirmed invoice
 * moved in the period, with their food cost before and after against the owner's target.
 */
export async function priceReport(
  db: Kysely<DB>,
  organisationId: string,
  from: string,
  to: string,
): Promise<PriceReport> {
  const { foodCostTarget: target } = await readSettings(db, organisationId);
  const rows = (await db
    .selectFrom('product_prices as pp')
    .innerJoin('products as p', 'p.id', 'pp.product_id')
    .select(['pp.product_id', 'p.name', sql<string>`pp.date::text`.as('date'), 'pp.amount', 'pp.per', 'pp.source'])
    .where('pp.organisation_id', '=', organisationId)
    .where('pp.date', '<=', to)
    .where(
      'pp.product_id',
      'in',
      db
        .selectFrom('product_prices')
        .select('product_id')
        .where('organisation_id', '=', organisationId)
        .where('date', '>=', from)
        .where('date', '<=', to),
    )
    .orderBy('pp.product_id')
    .orderBy('pp.date')
    .orderBy('pp.created_at')
    .execute()) as PriceRow[];
  const byProduct = new Map<string, PriceRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  const changes: PriceRise[] = [];
  for (const [productId, history] of byProduct) {
    const after = history.at(-1)!;
    const earlier = history.filter((h) => h.date < from);
    const before = earlier.at(-1) ?? history.find((h) => h !== after && h.date >= from);
    if (!before || before === after || before.per !== after.per || before.amount <= 0) continue;
    const changePercent = Math.round(((after.amount - before.amount) / before.amount) * 1000) / 10;
    if (changePercent === 0) continue;
    changes.push({
      productId,
      name: after.name,
      before: { amount: before.amount, per: before.per, date: before.date },
      after: { amount: after.amount, per: after.per, date: after.date, source: after.source },
      changePercent,
    });
  }
  changes.sort((a, b) => b.changePercent - a.changePercent || a.name.localeCompare(b.name, 'fr'));

  const moved = await db
    .selectFrom('recipe_cost_changes as c')
    .innerJoin('recipes as r', 'r.id', 'c.recipe_id')
    .select([
      'c.recipe_id',
      'r.name',
      'r.price',
      'r.sale_mode',
      'c.cost_before',
      'c.cost_after',
      sql<string>`c.date::text`.as('date'),
    ])
    .where('c.organisation_id', '=', organisationId)
    .where('c.date', '>=', from)
    .where('c.date', '<=', to)
    .orderBy('c.date')
    .orderBy('c.id')
    .execute();
  const recipes = new Map<string, RecipeOverTarget & { price: number | null; saleMode: 'sur_place' | 'a_emporter' }>();
  for (const row of moved) {
    const kept = recipes.get(row.recipe_id);
    recipes.set(row.recipe_id, {
      recipeId: row.recipe_id,
      name: row.name,
      // The first cost known in the period: a recipe costed by its first invoice starts from that cost.
      costBefore: kept ? (kept.costBefore ?? row.cost_before) : (row.cost_before ?? row.cost_after),
      costAfter: row.cost_after,
      foodCostBefore: null,
      foodCostAfter: null,
      crossed: false,
      price: row.price,
      saleMode: row.sale_mode,
    });
  }
  const list: RecipeOverTarget[] = [...recipes.values()].map(({ price, saleMode, ...r }) => {
    const before = recipeMargins(r.costBefore, price, saleMode).foodCostPercent;
    const after = recipeMargins(r.costAfter, price, saleMode).foodCostPercent;
    const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    return {
      ...r,
      costBefore: round2(r.costBefore),
      costAfter: round2(r.costAfter),
      foodCostBefore: before,
      foodCostAfter: after,
      crossed: before !== null && after !== null && before <= target && after > target,
    };
  });
  list.sort(
    (a, b) =>
      Number(b.crossed) - Number(a.crossed) ||
      (b.foodCostAfter ?? -1) - (a.foodCostAfter ?? -1) ||
      a.name.localeCompare(b.name, 'fr'),
  );
  return {
    from,
    to,
    target,
    rises: changes.filter((c) => c.changePercent > 0),
    falls: changes.filter((c) => c.changePercent < 0).reverse(),
    recipes: list,
  };
}
