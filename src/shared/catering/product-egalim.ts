import type { ProductLabel } from '../api/product-vocabulary.ts';
import { familyOfSubgroup, type EgalimLabel, type Family } from './egalim.ts';

/**
 * An own product as EGalim counts it (code rural L. 230-5-1; docs/product/egalim.md): its
 * labels in « ma cantine »'s words and its family. Read alike for a planned dish
 * (src/server/features/meal-plans/dishes.ts) and for a purchase (src/server/domain/purchase-egalim.ts).
 *
 * « Autre signe EGalim » has no single « ma cantine » label: it is left out rather than
 * counted under a label it may not be.
 */
const EGALIM_OF_PRODUCT_LABEL: Partial<Record<ProductLabel, EgalimLabel>> = {
  bio: 'BIO',
  label_rouge: 'LABEL_ROUGE',
  aop_aoc: 'AOCAOP',
  igp: 'IGP',
  stg: 'STG',
  hve: 'HVE',
  peche_durable: 'PECHE_DURABLE',
  commerce_equitable: 'COMMERCE_EQUITABLE',
  fermier: 'FERMIER',
};

export const egalimLabels = (labels: readonly string[] | null): EgalimLabel[] =>
  (labels ?? []).flatMap((l) => {
    const label = EGALIM_OF_PRODUCT_LABEL[l as ProductLabel];
    return label ? [label] : [];
  });

/** An own product declaring one of these allergens is fish or seafood (not vegetarian). */
export const SEAFOOD_ALLERGENS: ReadonlySet<string> = new Set(['Poissons', 'Crustacés', 'Mollusques']);

/**
 * A product's « ma cantine » family: its Ciqual subgroup's (the food it was pre-filled from);
 * else what it declares: a meat kind is « viandes et volailles », a fish or seafood allergen
 * « produits de la mer ».
 */
export function productFamily(product: {
  subgroupCode: string | null;
  meatKind: string | null;
  allergens: readonly string[];
}): Family {
  if (product.subgroupCode !== null) return familyOfSubgroup(product.subgroupCode);
  if (product.meatKind !== null) return 'VIANDES_VOLAILLES';
  if (product.allergens.some((a) => SEAFOOD_ALLERGENS.has(a))) return 'PRODUITS_DE_LA_MER';
  return 'AUTRES';
}
