import type { Kysely } from 'kysely';
import type { OrderLine, OrdersAnswer } from '../../../shared/api/meal-plans.ts';
import { daysBetween } from '../../../shared/catering/catering.ts';
import { amountOf, displayAmount, packsFor, type AmountKind } from '../../../shared/catering/quantities.ts';
import type { DB } from '../../db/schema.ts';
import type { DishLine } from './dishes.ts';
import { readServedPlan } from './served-plan.ts';
import { servedDishes } from './servings.ts';

/** What a line without a supplier is filed under (a Ciqual food, a product whose supplier is not said). */
const NO_SUPPLIER = 'Sans fournisseur';

interface Need {
  line: DishLine;
  kind: AmountKind;
  value: number;
  grams: number | null;
}

/**
 * The order list of [from, to] (docs/product/meal-plans.md « Order list »): every served dish's
 * ingredients, sub-recipes opened down to what is bought, for the covers that eat it; one line
 * per product and supplier, rounded up to the product's packs (« colis de 5 kg »), valued at
 * its price HT. A line without a supplier is listed apart, so nothing is forgotten.
 */
export async function ordersFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<OrdersAnswer> {
  const { entries, substitutes, context } = await readServedPlan(db, organisationId, establishmentId, from, to);
  const { served, warnings } = servedDishes(entries, substitutes, context);
  const needs = new Map<string, Need>();
  for (const s of served)
    for (const { line, share } of s.dish.leaves) {
      const factor = share * s.batches;
      const amount = amountOf(line.quantity * factor, line.unit, line.grams === null ? null : line.grams * factor);
      if (!amount || amount.value <= 0) continue;
      const id = `${line.key}|${amount.kind}`;
      const need = needs.get(id) ?? { line, kind: amount.kind, value: 0, grams: 0 };
      need.value += amount.value;
      need.grams = need.grams === null || line.grams === null ? null : need.grams + line.grams * factor;
      needs.set(id, need);
    }
  const bySupplier = new Map<string, OrderLine[]>();
  for (const need of needs.values()) {
    const supplier = need.line.supplier ?? NO_SUPPLIER;
    const shown = displayAmount(need.kind, need.value);
    const packs = need.line.pack ? packsFor(need.kind, need.value, need.line.pack, need.line.gramsPerUnit) : null;
    const value =
      need.line.costPerGram !== null && need.grams !== null
        ? Math.round(need.line.costPerGram * need.grams * 100) / 100
        : null;
    bySupplier.set(supplier, [
      ...(bySupplier.get(supplier) ?? []),
      {
        name: need.line.name,
        quantity: shown.quantity,
        unit: shown.unit,
        packs:
          packs && need.line.pack
            ? {
                count: packs.packs,
                size: need.line.pack.quantity,
                unit: need.line.pack.unit,
                quantity: packs.quantity,
                unit2: packs.unit,
              }
            : null,
        estimatedValue: value,
      },
    ]);
  }
  const suppliers = [...bySupplier]
    .map(([supplier, lines]) => ({ supplier, lines: lines.sort((a, b) => a.name.localeCompare(b.name, 'fr')) }))
    .sort((a, b) =>
      a.supplier === NO_SUPPLIER ? 1 : b.supplier === NO_SUPPLIER ? -1 : a.supplier.localeCompare(b.supplier, 'fr'),
    );
  return { establishmentId, from, to, days: daysBetween(from, to) + 1, suppliers, warnings: [...new Set(warnings)] };
}

const fr = (n: number, digits = 2) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, useGrouping: false }).format(n);
const PACK_UNITS = { kg: 'kg', l: 'l', unité: 'pièces' } as const;

export const ORDER_HEADERS = [
  'Fournisseur',
  'Produit',
  'Quantité',
  'Unité',
  'Colis',
  'À commander',
  'Valeur estimée HT (€)',
];

/** The order list as the rows of a CSV or XLSX file (src/server/lib/table-files.ts). */
export function orderRows(answer: OrdersAnswer): string[][] {
  return answer.suppliers.flatMap((s) =>
    s.lines.map((l) => [
      s.supplier,
      l.name,
      fr(l.quantity),
      l.unit,
      l.packs ? `${l.packs.count} × ${fr(l.packs.size, 3)} ${PACK_UNITS[l.packs.unit]}` : '',
      l.packs ? `${fr(l.packs.quantity, 3)} ${l.packs.unit2}` : `${fr(l.quantity)} ${l.unit}`,
      l.estimatedValue === null ? '' : fr(l.estimatedValue),
    ]),
  );
}
