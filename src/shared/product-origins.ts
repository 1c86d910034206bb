import { MEAT_KINDS as PRODUCT_MEAT_KINDS, type MeatKind as ProductMeatKind } from './api/product-vocabulary.ts';
import type { MeatKind, MeatOrigin } from './meat-origin.ts';
import type { ProductOrigin } from './product-origin-text.ts';

export { productOriginText, type ProductOrigin } from './product-origin-text.ts';

/** The declared meats (the decree's words) that cover each kind of product meat. */
export const DECLARED_FOR_KIND: Record<ProductMeatKind, readonly MeatKind[]> = {
  bovine: ['Bœuf', 'Veau'],
  porcine: ['Porc'],
  ovine: ['Agneau'],
  volaille: ['Volaille'],
};

/** One entry per kind and country, sources merged, in the kinds' order then by country. */
export function mergeOrigins(lists: readonly (readonly ProductOrigin[])[]): ProductOrigin[] {
  const merged = new Map<string, ProductOrigin>();
  for (const list of lists) {
    for (const entry of list) {
      const key = `${entry.meatKind}|${entry.origin ?? ''}`;
      const current = merged.get(key) ?? { meatKind: entry.meatKind, origin: entry.origin, sources: [] };
      for (const source of entry.sources) if (!current.sources.includes(source)) current.sources.push(source);
      merged.set(key, current);
    }
  }
  return [...merged.values()].sort(
    (a, b) =>
      PRODUCT_MEAT_KINDS.indexOf(a.meatKind) - PRODUCT_MEAT_KINDS.indexOf(b.meatKind) ||
      (a.origin ?? '').localeCompare(b.origin ?? '', 'fr'),
  );
}

/**
 * The product meat kinds no declared meat covers. For those, diners read the origin the
 * products agree on, if complete (src/shared/diner-meat-origins.ts); a declaration wins.
 */
export const undeclaredKinds = (
  origins: readonly ProductOrigin[],
  declared: readonly MeatOrigin[],
): ProductMeatKind[] =>
  [...new Set(origins.map((o) => o.meatKind))].filter(
    (kind) => !declared.some((d) => DECLARED_FOR_KIND[kind].includes(d.meat)),
  );
