import { MEAT_KINDS as PRODUCT_MEAT_KINDS, type MeatKind as ProductMeatKind } from './api/product-vocabulary.ts';
import type { MeatKind, MeatOrigin } from './meat-origin.ts';

/**
 * Meat origins that come from products (issue 17, docs/decisions/0023-costs-import-export.md):
 * a product's meat kind and origin country travel up through sub-recipes to every recipe
 * that uses them, beside the origins the owner declares on the recipe (src/shared/meat-origin.ts).
 */
export interface ProductOrigin {
  meatKind: ProductMeatKind;
  /** The product's origin country, null when its label gives none. */
  origin: string | null;
  /** The products that bring it (names). */
  sources: string[];
}

/** The declared meats (the decree's words) that cover each kind of product meat. */
export const DECLARED_FOR_KIND: Record<ProductMeatKind, readonly MeatKind[]> = {
  bovine: ['Bœuf', 'Veau'],
  porcine: ['Porc'],
  ovine: ['Agneau'],
  volaille: ['Volaille'],
};

export const PRODUCT_MEAT_LABELS: Record<ProductMeatKind, string> = { bovine: 'Bovin', porcine: 'Porc', ovine: 'Ovin', volaille: 'Volaille' };

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
    (a, b) => PRODUCT_MEAT_KINDS.indexOf(a.meatKind) - PRODUCT_MEAT_KINDS.indexOf(b.meatKind) || (a.origin ?? '').localeCompare(b.origin ?? '', 'fr'),
  );
}

/**
 * The product meat kinds no declared meat covers. For those, diners read the origin the
 * products agree on, if complete (src/shared/diner-meat-origins.ts); a declaration wins.
 */
export const undeclaredKinds = (origins: readonly ProductOrigin[], declared: readonly MeatOrigin[]): ProductMeatKind[] =>
  [...new Set(origins.map((o) => o.meatKind))].filter((kind) => !declared.some((d) => DECLARED_FOR_KIND[kind].includes(d.meat)));

/** « Bovin : France (Paleron) ; Volaille : origine non précisée (Suprême) »; stages as stored (« Né : … ; Élevé : … »). */
export const productOriginText = (origin: ProductOrigin): string =>
  `${PRODUCT_MEAT_LABELS[origin.meatKind]}\u00a0: ${origin.origin ?? 'origine non précisée'} (${origin.sources.join(', ')})`;
