import { sql, type Kysely } from 'kysely';
import type { PriceUnit } from '../../../../shared/api/product-vocabulary.ts';
import type { Consumption, ConsumptionRow } from '../../../../shared/api/purchases.ts';
import { toGrams, type Unit } from '../../../../shared/units.ts';
import type { DB } from '../../../db/schema.ts';
import { servedGrams, subRecipeGrams, type SubRecipeRow } from '../../../domain/recipe-line-sources.ts';
import { MAX_DEPTH } from '../../../domain/recipe-recompute.ts';

type Product = {
  id: string;
  name: string;
  price: number | null;
  price_per: PriceUnit | null;
  grams_per_unit: number | null;
};
type Usage = Map<string, number>;

/** A product line's quantity in the product's own unit (kg, l or unité), or null when its weight is unknown. */
function inProductUnit(
  line: { quantity: number; unit: string; grams_per_unit: number | null; grams_per_ml: number | null },
  product: Product,
): number | null {
  const per = product.price_per ?? 'kg';
  if (line.unit === 'unité' && per === 'unité') return line.quantity;
  if ((line.unit === 'l' || line.unit === 'ml') && per === 'l')
    return line.unit === 'l' ? line.quantity : line.quantity / 1000;
  const grams = toGrams(
    line.quantity,
    line.unit as Unit,
    line.grams_per_unit ?? product.grams_per_unit,
    line.grams_per_ml,
  );
  if (grams === null) return null;
  if (per === 'kg') return grams / 1000;
  if (per === 'l') return grams / (line.grams_per_ml && line.grams_per_ml > 0 ? line.grams_per_ml : 1) / 1000;
  return product.grams_per_unit && product.grams_per_unit > 0 ? grams / product.grams_per_unit : null;
}

/**
 * GET /api/purchases/consumption?from=&to=: what the sales should have used of each product
 * (each sold item's recipe portions, sub-recipes opened, src/server/domain/recipe-recompute.ts
 * walks the same lines) beside what the confirmed invoices bought over the period. The gap is
 * waste, theft, a recipe not followed, or stock that moved (docs/product/purchases.md).
 */
export async function consumptionFor(
  db: Kysely<DB>,
  organisationId: string,
  from: string,
  to: string,
): Promise<Consumption> {
  const sold = await db
    .selectFrom('sales as sa')
    .innerJoin('menu_items as i', 'i.id', 'sa.menu_item_id')
    .select(['i.recipe_id', 'i.name', sql<number>`sum(sa.quantity)`.as('sold')])
    .where('sa.organisation_id', '=', organisationId)
    .where('sa.date', '>=', from)
    .where('sa.date', '<=', to)
    .groupBy(['i.recipe_id', 'i.name'])
    .execute();
  const uncounted = new Set<string>(sold.filter((s) => s.recipe_id === null).map((s) => s.name));
  const portions = new Map<string, number>();
  for (const s of sold) if (s.recipe_id) portions.set(s.recipe_id, (portions.get(s.recipe_id) ?? 0) + Number(s.sold));

  const products = new Map<string, Product>();
  const wholeUsage = new Map<string, Usage>();
  const recipes = new Map<string, SubRecipeRow>();
  // Load recipes level by level: the sold ones, then their sub-recipes.
  let pending = [...portions.keys()];
  const linesOf = new Map<
    string,
    {
      product_id: string | null;
      sub_recipe_id: string | null;
      quantity: number;
      unit: string;
      grams_per_unit: number | null;
      grams_per_ml: number | null;
    }[]
  >();
  for (let depth = 0; pending.length > 0 && depth <= MAX_DEPTH; depth++) {
    const rows = await db
      .selectFrom('recipes')
      .select(['id', 'name', 'servings', 'cooked_weight_g', 'allergens', 'traces', 'facts'])
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', pending)
      .execute();
    for (const r of rows) recipes.set(r.id, r as SubRecipeRow);
    const lines = await db
      .selectFrom('recipe_ingredients')
      .select(['recipe_id', 'product_id', 'sub_recipe_id', 'quantity', 'unit', 'grams_per_unit', 'grams_per_ml'])
      .where('recipe_id', 'in', pending)
      .execute();
    for (const l of lines) linesOf.set(l.recipe_id, [...(linesOf.get(l.recipe_id) ?? []), l]);
    const productIds = [...new Set(lines.flatMap((l) => (l.product_id ? [l.product_id] : [])))].filter(
      (id) => !products.has(id),
    );
    if (productIds.length > 0)
      for (const p of await db
        .selectFrom('products')
        .select(['id', 'name', 'price', 'price_per', 'grams_per_unit'])
        .where('organisation_id', '=', organisationId)
        .where('id', 'in', productIds)
        .execute())
        products.set(p.id, p);
    pending = [
      ...new Set(lines.flatMap((l) => (l.sub_recipe_id && !recipes.has(l.sub_recipe_id) ? [l.sub_recipe_id] : []))),
    ];
  }
  const usageOf = (recipeId: string, depth: number): Usage => {
    const kept = wholeUsage.get(recipeId);
    if (kept) return kept;
    const usage: Usage = new Map();
    for (const line of linesOf.get(recipeId) ?? []) {
      if (line.product_id) {
        const product = products.get(line.product_id)!;
        const amount = inProductUnit(line, product);
        if (amount === null) uncounted.add(product.name);
        else usage.set(product.id, (usage.get(product.id) ?? 0) + amount);
      } else if (line.sub_recipe_id && depth < MAX_DEPTH) {
        const sub = recipes.get(line.sub_recipe_id);
        const whole = sub ? servedGrams(sub) : 0;
        if (!sub || whole <= 0) continue;
        const share = subRecipeGrams(line.quantity, line.unit as 'g' | 'kg' | 'portion', sub) / whole;
        for (const [id, amount] of usageOf(sub.id, depth + 1)) usage.set(id, (usage.get(id) ?? 0) + amount * share);
      }
    }
    wholeUsage.set(recipeId, usage);
    return usage;
  };
  const theoretical = new Map<string, number>();
  for (const [recipeId, count] of portions) {
    const recipe = recipes.get(recipeId);
    if (!recipe) continue;
    for (const [id, amount] of usageOf(recipeId, 0))
      theoretical.set(id, (theoretical.get(id) ?? 0) + (amount / recipe.servings) * count);
  }

  const bought = await db
    .selectFrom('purchase_invoice_lines as l')
    .innerJoin('purchase_invoices as iv', 'iv.id', 'l.invoice_id')
    .select([
      'l.product_id',
      'l.base_unit',
      sql<number>`sum(l.quantity * l.base_amount * CASE WHEN iv.kind = 'credit_note' THEN -1 ELSE 1 END)`.as('amount'),
    ])
    .where('iv.organisation_id', '=', organisationId)
    .where('iv.status', '=', 'confirmed')
    .where('iv.issue_date', '>=', from)
    .where('iv.issue_date', '<=', to)
    .where('l.product_id', 'is not', null)
    .groupBy(['l.product_id', 'l.base_unit'])
    .execute();
  const missing = [...new Set(bought.map((b) => b.product_id!))].filter((id) => !products.has(id));
  if (missing.length > 0)
    for (const p of await db
      .selectFrom('products')
      .select(['id', 'name', 'price', 'price_per', 'grams_per_unit'])
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', missing)
      .execute())
      products.set(p.id, p);
  const purchased = new Map<string, number>();
  for (const b of bought) {
    const product = products.get(b.product_id!)!;
    const per = product.price_per ?? 'kg';
    let amount = Number(b.amount);
    const grams = product.grams_per_unit;
    if (b.base_unit !== per) {
      if (b.base_unit === 'unité' && per === 'kg' && grams) amount = (amount * grams) / 1000;
      else if (b.base_unit === 'kg' && per === 'unité' && grams) amount = (amount * 1000) / grams;
      else if (!((b.base_unit === 'kg' && per === 'l') || (b.base_unit === 'l' && per === 'kg'))) {
        uncounted.add(product.name);
        continue;
      }
    }
    purchased.set(product.id, (purchased.get(product.id) ?? 0) + amount);
  }
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  const rows: ConsumptionRow[] = [...new Set([...theoretical.keys(), ...purchased.keys()])].map((id) => {
    const product = products.get(id)!;
    const used = theoretical.get(id) ?? 0;
    const got = purchased.get(id) ?? 0;
    const gap = got - used;
    return {
      productId: id,
      name: product.name,
      per: product.price_per ?? 'kg',
      theoretical: round3(used),
      purchased: round3(got),
      gap: round3(gap),
      gapValue: product.price === null ? null : Math.round(gap * product.price * 100) / 100,
      gapPercent: used > 0 ? Math.round((gap / used) * 1000) / 10 : null,
    };
  });
  rows.sort((a, b) => Math.abs(b.gapValue ?? 0) - Math.abs(a.gapValue ?? 0) || a.name.localeCompare(b.name, 'fr'));
  return { from, to, rows, uncounted: [...uncounted].sort((a, b) => a.localeCompare(b, 'fr')) };
}
