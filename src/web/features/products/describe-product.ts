import {
  MEAT_KIND_LABELS,
  PRICE_UNIT_LABELS,
  PRODUCT_LABEL_NAMES,
  PRODUCT_NUTRIENT_LABELS,
  PRODUCT_NUTRIENTS,
  type Product,
} from '../../../shared/api/products.ts';
import { formatEuros, formatNumber } from '../../lib/format.ts';

/** A product as its conflict notice shows it (src/web/components/conflict-notice.tsx): what the form edits. */
export function describeProduct(product: Product): Record<string, string> {
  const nutrients = Object.fromEntries(
    PRODUCT_NUTRIENTS.map((key) => {
      const value = product.per100g[key];
      return [
        `${PRODUCT_NUTRIENT_LABELS[key]} pour 100 g`,
        value === null ? '' : formatNumber(value, value % 1 ? 1 : 0),
      ];
    }),
  );
  return {
    Nom: product.name,
    Fournisseur: product.supplier ?? '',
    ...nutrients,
    Allergènes: product.allergens.join(', '),
    Traces: product.traces.join(', '),
    Prix: product.price ? `${formatEuros(product.price.amount)} ${PRICE_UNIT_LABELS[product.price.per]}` : '',
    'Poids d’une unité': product.gramsPerUnit === null ? '' : `${formatNumber(product.gramsPerUnit)}\u00a0g`,
    Origine: product.origin ?? '',
    Viande: product.meatKind ? MEAT_KIND_LABELS[product.meatKind] : '',
    Labels: product.labels.map((label) => PRODUCT_LABEL_NAMES[label]).join(', '),
  };
}
