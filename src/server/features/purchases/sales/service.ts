import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { foldText } from '../../../../shared/allergens.ts';
import { purchaseMessages as m, type Engineering, type SalesImportResult } from '../../../../shared/api/purchases.ts';
import { recipeMargins, VAT_RATES } from '../../../../shared/costs.ts';
import { classifyMenu } from '../../../../shared/purchases/menu-engineering.ts';
import type { Actor } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { suggestOwnProduct } from '../../../domain/product-search.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { notFound } from '../../../lib/http.ts';
import { isUuid } from '../../../lib/ids.ts';
import type { SalesTable } from './sales-table.ts';

export const fileHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The organisation's menu items, by name, for matching a till's rows. */
async function menuItems(db: Kysely<DB>, organisationId: string) {
  return db
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .innerJoin('menus as mn', 'mn.id', 's.menu_id')
    .select(['i.id', 'i.name'])
    .where('mn.organisation_id', '=', organisationId)
    .orderBy('mn.created_at')
    .orderBy('i.display_order')
    .execute();
}

/**
 * A till's row as a menu item (docs/product/purchases.md « Ventes »): the item of the same
 * name (accents and case folded), else the one whose every telling word the row names
 * (src/server/domain/product-search.ts), else none.
 */
function itemMatcher(items: { id: string; name: string }[]) {
  const byName = new Map<string, string>();
  for (const item of items)
    if (!byName.has(foldText(item.name).trim())) byName.set(foldText(item.name).trim(), item.id);
  const names = { products: items.map((i) => ({ id: i.id, name: i.name, folded: foldText(i.name) })), recipes: [] };
  const kept = new Map<string, string | null>();
  return (name: string): string | null => {
    const folded = foldText(name).trim();
    if (!kept.has(folded)) kept.set(folded, byName.get(folded) ?? suggestOwnProduct(names, name));
    return kept.get(folded)!;
  };
}

/** POST /api/sales/import: the rows stored with their menu item; the same file twice → 409. */
export async function importSales(
  db: Kysely<DB>,
  actor: Actor,
  table: SalesTable,
  hash: string,
): Promise<SalesImportResult> {
  const org = actor.organisationId;
  const match = itemMatcher(await menuItems(db, org));
  // One row per day, name and code: a till exports a line per ticket.
  const grouped = new Map<
    string,
    { date: string; name: string; code: string | null; quantity: number; amount: number | null }
  >();
  for (const row of table.rows) {
    const key = `${row.date}\u0000${row.name}\u0000${row.code ?? ''}`;
    const sum = grouped.get(key) ?? { date: row.date, name: row.name, code: row.code, quantity: 0, amount: null };
    sum.quantity += row.quantity;
    if (row.amountTtc !== null) sum.amount = (sum.amount ?? 0) + row.amountTtc;
    grouped.set(key, sum);
  }
  const rows = [...grouped.values()].map((r) => ({ ...r, itemId: match(r.name) }));
  const dates = rows.map((r) => r.date).sort();
  const unmatched = new Map<string, number>();
  for (const r of rows) if (r.itemId === null) unmatched.set(r.name, (unmatched.get(r.name) ?? 0) + r.quantity);
  try {
    await db.transaction().execute(async (trx) => {
      const batch = await trx
        .insertInto('sales_imports')
        .values({
          organisation_id: org,
          created_by: actor.userId,
          file_hash: hash,
          format: table.format,
          rows: table.rows.length,
          first_date: dates[0]!,
          last_date: dates.at(-1)!,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('sales')
          .values(
            rows.slice(i, i + 1000).map((r) => ({
              organisation_id: org,
              import_id: batch.id,
              date: r.date,
              item_name: r.name,
              item_code: r.code,
              quantity: Math.round(r.quantity * 1000) / 1000,
              amount_ttc: r.amount === null ? null : Math.round(r.amount * 100) / 100,
              menu_item_id: r.itemId,
            })),
          )
          .execute();
      await recordAudit(trx, actor, {
        action: 'imported',
        entity: { type: 'sales_import', id: batch.id, name: `${dates[0]} → ${dates.at(-1)}` },
        details: { rows: table.rows.length, format: table.format },
      });
    });
  } catch (error) {
    if (uniqueViolation(error, 'sales_imports_file_key')) throw new AppError('conflict', 409, m.salesDuplicate);
    throw error;
  }
  return {
    rows: table.rows.length,
    matched: table.rows.filter((r) => match(r.name) !== null).length,
    unmatched: [...unmatched].map(([name, quantity]) => ({ name, quantity })).sort((a, b) => b.quantity - a.quantity),
    format: table.format,
    from: dates[0]!,
    to: dates.at(-1)!,
  };
}

/** GET /api/menus/:id/engineering?from=&to=: each item's sales, margin and class over the period. */
export async function menuEngineering(
  db: Kysely<DB>,
  organisationId: string,
  menuId: string,
  from: string,
  to: string,
): Promise<Engineering> {
  if (!isUuid(menuId)) throw notFound();
  const menu = await db
    .selectFrom('menus')
    .select('id')
    .where('id', '=', menuId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!menu) throw notFound();
  const rows = await db
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .leftJoin('recipes as r', 'r.id', 'i.recipe_id')
    .select([
      'i.id',
      'i.name',
      sql<number | null>`COALESCE(i.price, r.price)`.as('price'),
      'r.sale_mode',
      sql<string | null>`r.facts->'cost'->>'perServing'`.as('cost'),
      sql<number>`COALESCE((SELECT sum(sa.quantity) FROM sales sa
        WHERE sa.menu_item_id = i.id AND sa.organisation_id = ${organisationId}
        AND sa.date >= ${from} AND sa.date <= ${to}), 0)`.as('sold'),
    ])
    .where('s.menu_id', '=', menuId)
    .orderBy('s.display_order')
    .orderBy('i.display_order')
    .execute();
  const items = rows.map((row) => {
    const cost = row.cost === null ? null : Number(row.cost);
    const price = row.price === null ? null : Number(row.price);
    // An item without a recipe (a drink) has no known food cost: its margin is unknown.
    const margins = recipeMargins(cost, price, row.sale_mode ?? 'sur_place');
    const priceHt =
      price !== null && price > 0
        ? Math.round((price / (1 + VAT_RATES[row.sale_mode ?? 'sur_place'])) * 100) / 100
        : null;
    const margin = margins.priceHt !== null && cost !== null ? Math.round((margins.priceHt - cost) * 100) / 100 : null;
    return { id: row.id, name: row.name, sold: Number(row.sold), margin, priceHt, cost };
  });
  const classes = classifyMenu(items);
  return {
    popularityThreshold: classes.popularityThreshold,
    averageMargin: classes.averageMargin,
    totalSold: classes.totalSold,
    items: items.map((item, index) => ({
      itemId: item.id,
      name: item.name,
      sold: item.sold,
      marginPerItem: item.margin,
      popularityIndex: classes.items[index]!.mix,
      class: classes.items[index]!.class,
      priceHt: item.priceHt,
      costPerServing: item.cost === null ? null : Math.round(item.cost * 100) / 100,
    })),
  };
}
