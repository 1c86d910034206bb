import type { Kysely, Transaction } from 'kysely';
import { foldText } from '../../../shared/allergens.ts';
import {
  productMessages,
  storedOrigin,
  type Product,
  type ProductInputParsed,
  type ProductLabel,
} from '../../../shared/api/products.ts';
import { parseOriginStages } from '../../../shared/product-origin-stages.ts';
import type { Actor } from '../../context.ts';
import type { DB, ProductRow } from '../../db/schema.ts';
import { findFoods } from '../../domain/catalogue-foods.ts';
import { recordAudit } from '../../domain/audit.ts';
import { claimVersion } from '../../domain/versions.ts';
import { foldedWords } from '../../domain/product-search.ts';
import { lockOrganisation } from '../../domain/plan-limits.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { recomputeDependents } from '../../domain/recipe-recompute.ts';
import { productEnergy } from '../../domain/recipe-line-sources.ts';
import { recordManualPrice } from '../../domain/product-prices.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Recipes of the organisation whose lines use each of these products, by product id. */
async function usersOf(
  db: Db,
  organisationId: string,
  productIds: string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const byProduct = new Map<string, { id: string; name: string }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('recipe_ingredients as ri')
    .innerJoin('recipes as r', 'r.id', 'ri.recipe_id')
    .select(['ri.product_id', 'r.id', 'r.name'])
    .distinct()
    .where('r.organisation_id', '=', organisationId)
    .where('ri.product_id', 'in', productIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows)
    byProduct.set(row.product_id!, [...(byProduct.get(row.product_id!) ?? []), { id: row.id, name: row.name }]);
  return byProduct;
}

function toProduct(row: ProductRow, usedBy: { id: string; name: string }[]): Product {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    supplier: row.supplier === '' ? null : row.supplier,
    basedOnCode: row.based_on_code === null ? null : String(row.based_on_code),
    per100g: {
      energyKj: row.energy_kj,
      energyKcal: row.energy_kcal,
      fat: row.fat_g,
      saturatedFat: row.saturated_fat_g,
      carbs: row.carbs_g,
      sugars: row.sugars_g,
      fiber: row.fiber_g,
      protein: row.protein_g,
      salt: row.salt_g,
    },
    energy: productEnergy(row),
    allergens: row.allergens,
    traces: row.traces,
    price: row.price === null || row.price_per === null ? null : { amount: row.price, per: row.price_per },
    priceSource: row.price === null ? null : row.price_source,
    gramsPerUnit: row.grams_per_unit,
    origin: row.origin,
    originStages: parseOriginStages(row.origin),
    meatKind: row.meat_kind,
    labels: row.labels as ProductLabel[],
    labelIngredients: row.label_ingredients,
    usedBy,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listProducts(db: Kysely<DB>, organisationId: string, q = ''): Promise<Product[]> {
  let query = db.selectFrom('products').selectAll().where('organisation_id', '=', organisationId);
  for (const pattern of foldedWords(q)) query = query.where('name_folded', 'like', pattern);
  const rows = await query.orderBy('name_folded').orderBy('id').execute();
  const users = await usersOf(
    db,
    organisationId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toProduct(row, users.get(row.id) ?? []));
}

export async function getProduct(db: Db, organisationId: string, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toProduct(row, (await usersOf(db, organisationId, [id])).get(id) ?? []);
}

async function productColumns(trx: Transaction<DB>, input: ProductInputParsed) {
  const code = input.basedOnCode ? Number(input.basedOnCode) : null;
  if (code !== null && !(await findFoods(trx, [code])).has(code)) {
    throw new AppError('validation', 422, productMessages.unknownFood, { basedOnCode: productMessages.unknownFood });
  }
  const n = input.per100g;
  return {
    name: input.name,
    name_folded: foldText(input.name),
    supplier: input.supplier ?? '',
    based_on_code: code,
    energy_kcal: n.energyKcal,
    energy_kj: n.energyKj,
    fat_g: n.fat,
    saturated_fat_g: n.saturatedFat,
    carbs_g: n.carbs,
    sugars_g: n.sugars,
    fiber_g: n.fiber,
    protein_g: n.protein,
    salt_g: n.salt,
    allergens: input.allergens,
    traces: input.traces,
    price: input.price?.amount ?? null,
    price_per: input.price?.per ?? null,
    grams_per_unit: input.gramsPerUnit,
    origin: storedOrigin(input),
    meat_kind: input.meatKind,
    labels: input.labels,
    label_ingredients: input.labelIngredients,
  };
}

/** Stores one new product and its « Historique » line in the caller's transaction (a form's save, a file's import). */
export async function insertProductRow(trx: Transaction<DB>, actor: Actor, input: ProductInputParsed): Promise<string> {
  const row = await trx
    .insertInto('products')
    .values({ organisation_id: actor.organisationId, created_by: actor.userId, ...(await productColumns(trx, input)) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordManualPrice(trx, actor.organisationId, row.id, null, input.price);
  await recordAudit(trx, actor, { action: 'created', entity: { type: 'product', id: row.id, name: input.name } });
  return row.id;
}

export async function createProduct(db: Kysely<DB>, actor: Actor, input: ProductInputParsed): Promise<Product> {
  return db
    .transaction()
    .execute(async (trx) => getProduct(trx, actor.organisationId, await insertProductRow(trx, actor, input)));
}

/**
 * Saves the product and, in the same transaction, the facts of every recipe that uses it.
 * Writes of products and recipes are serialized on the organisation's row (lockOrganisation):
 * a recipe saved at the same moment cannot keep facts computed from the product as it was
 * (docs/decisions/0018-products-sub-recipes-costs.md).
 */
export async function updateProduct(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: ProductInputParsed,
  version?: number,
): Promise<Product> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    const existing = await trx
      .selectFrom('products')
      .select(['name', 'price', 'price_per', 'price_source'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirst();
    if (!existing) throw notFound();
    await claimVersion(trx, 'products', { id }, version, actor);
    await trx
      .updateTable('products')
      .set({ ...(await productColumns(trx, input)), updated_at: new Date() })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .execute();
    // A price typed by hand joins the history as « manuel » (DECISIONS 23); an unchanged one keeps its source.
    await recordManualPrice(
      trx,
      actor.organisationId,
      id,
      { amount: existing.price, per: existing.price_per, source: existing.price_source },
      input.price,
    );
    // Every recipe using it, at any depth (through sub-recipes), in the product's transaction.
    await recomputeDependents(trx, actor.organisationId, { productIds: [id] });
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: { type: 'product', id, name: input.name },
      details: existing.name !== input.name ? { previousName: existing.name } : {},
    });
    return getProduct(trx, actor.organisationId, id);
  });
}

/** 409 `in_use` naming the recipes while a recipe uses it. */
export async function deleteProduct(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    const row = await trx
      .selectFrom('products')
      .select(['name'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirst();
    if (!row) throw notFound();
    const users = (await usersOf(trx, actor.organisationId, [id])).get(id) ?? [];
    if (users.length > 0) throw new AppError('in_use', 409, productMessages.inUse(users.map((u) => u.name)));
    await trx.deleteFrom('products').where('id', '=', id).where('organisation_id', '=', actor.organisationId).execute();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'product', id, name: row.name } });
  });
}
