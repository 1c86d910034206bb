import type { MeatKind as ProductMeatKind } from './api/product-vocabulary.ts';

/**
 * Meat origins that come from products (docs/decisions/0023-costs-import-export.md):
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

const PRODUCT_MEAT_LABELS: Record<ProductMeatKind, string> = {
  bovine: 'Bovin',
  porcine: 'Porc',
  ovine: 'Ovin',
  volaille: 'Volaille',
};

/** « Bovin : France (Paleron) ; Volaille : origine non précisée (Suprême) »; stages as stored (« Né : … ; Élevé : … »). */
export const productOriginText = (origin: ProductOrigin): string =>
  `${PRODUCT_MEAT_LABELS[origin.meatKind]}\u00a0: ${origin.origin ?? 'origine non précisée'} (${origin.sources.join(', ')})`;
