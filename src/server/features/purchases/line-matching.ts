import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readOwnNames, suggestOwnProduct } from '../../domain/product-search.ts';
import { articleKey } from './supplier-keys.ts';

export interface LineMatch {
  productId: string | null;
  match: 'learned' | 'suggested' | null;
}

/**
 * Each line of a supplier's document (an invoice, a price list) as one of the organisation's
 * products (docs/product/purchases.md « Rapprochement »): first what was learned from this
 * supplier's earlier documents (its article id, else the folded description; under any of the
 * keys it is known by), then the own
 * product whose every telling word the description holds, else none (left to the owner).
 */
export async function matchLines(
  db: Kysely<DB>,
  organisationId: string,
  supplierKeys: string | string[],
  lines: { supplierArticleId: string | null; description: string }[],
): Promise<LineMatch[]> {
  const keys = [...new Set(lines.map(articleKey))];
  const learned = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .selectFrom('supplier_article_products')
      .select(['article_key', 'product_id'])
      .where('organisation_id', '=', organisationId)
      .where('supplier_key', 'in', typeof supplierKeys === 'string' ? [supplierKeys] : supplierKeys)
      .where('article_key', 'in', keys.slice(i, i + 1000))
      .execute();
    for (const row of rows) learned.set(row.article_key, row.product_id);
  }
  const names = lines.some((line) => !learned.has(articleKey(line))) ? await readOwnNames(db, organisationId) : null;
  return lines.map((line) => {
    const learnedId = learned.get(articleKey(line));
    if (learnedId) return { productId: learnedId, match: 'learned' };
    const suggestedId = names && suggestOwnProduct(names, line.description);
    return suggestedId ? { productId: suggestedId, match: 'suggested' } : { productId: null, match: null };
  });
}
