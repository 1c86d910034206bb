import type { MeatKind as ProductMeatKind } from './api/products.ts';
import type { MeatOriginLine } from './diner/meat-origin-names.ts';
import { BOVINE, meatOriginMissing, meatOriginText, originKnown, type MeatOrigin } from './meat-origin.ts';
import { originStagesOf, STAGES, type OriginStages } from './product-origin-stages.ts';
import { DECLARED_FOR_KIND, undeclaredKinds, type ProductOrigin } from './product-origins.ts';

/**
 * What diners read of a recipe's meats (docs/decisions/0023-costs-import-export.md « Meat
 * origins from products »): the origins declared on the recipe, and for a meat kind the recipe
 * does not declare, the origin its products give when ALL of them agree on every stage the
 * decree needs. A declaration always wins; a disagreement or a missing stage shows nothing
 * and leaves the owner's flag up.
 */

/** A product's kind says « bovine », not beef or veal: the decree's own generic names. */
export const DERIVED_MEAT_NAMES: Record<ProductMeatKind, string> = {
  bovine: 'Viande bovine',
  porcine: 'Porc',
  ovine: 'Viande ovine',
  volaille: 'Volaille',
};

/** Per stage, the country every product of that kind gives; null where one is unknown or they differ. */
function agreedStages(products: readonly ProductOrigin[], kind: ProductMeatKind): OriginStages {
  const all = products.filter((p) => p.meatKind === kind).map((p) => originStagesOf(p.origin));
  const agreed: OriginStages = { born: null, reared: null, slaughtered: null };
  for (const stage of STAGES) {
    const first = all[0]?.[stage] ?? null;
    agreed[stage] = first !== null && all.every((s) => s[stage] === first) ? first : null;
  }
  return agreed;
}

/** The origin of a kind as a declaration would say it, under the kind's first declared meat (Bœuf rules for bovine). */
const asDeclared = (
  kind: ProductMeatKind,
  stages: OriginStages,
  meat: MeatOrigin['meat'] = DECLARED_FOR_KIND[kind][0]!,
): MeatOrigin => ({
  meat,
  born: kind === 'bovine' ? stages.born : null,
  reared: stages.reared,
  slaughtered: stages.slaughtered,
});

/** The kinds the recipe does not declare whose products agree on a complete origin. */
export function derivedMeatOrigins(
  products: readonly ProductOrigin[],
  declared: readonly MeatOrigin[],
): { kind: ProductMeatKind; origin: MeatOrigin }[] {
  return undeclaredKinds(products, declared)
    .map((kind) => ({ kind, origin: asDeclared(kind, agreedStages(products, kind)) }))
    .filter((derived) => originKnown(derived.origin));
}

/** Kinds the products bring that neither a declaration nor the products' agreement covers. */
export const unresolvedKinds = (
  products: readonly ProductOrigin[],
  declared: readonly MeatOrigin[],
): ProductMeatKind[] => {
  const derived = derivedMeatOrigins(products, declared).map((d) => d.kind);
  return undeclaredKinds(products, declared).filter((kind) => !derived.includes(kind));
};

/**
 * The owner's flag (`meatOriginMissing`), one rule for every recipe: a declared origin
 * incomplete; a kind of product meat neither declared nor agreed on by its products; or a
 * Ciqual meat (`catalogueKinds`, src/shared/catalogue-meat-kinds.ts, at any depth) whose kind is
 * not declared: a catalogue food says nothing of where its animal came from, and the products of
 * the same kind cannot vouch for it (the lardons of a quiche and of a bourguignon with an own
 * paleron alike, docs/decisions/0036-the-owners-day.md).
 */
export const recipeOriginMissing = (
  declared: readonly MeatOrigin[],
  products: readonly ProductOrigin[],
  catalogueKinds: readonly ProductMeatKind[],
): boolean =>
  meatOriginMissing(declared, false) ||
  unresolvedKinds(products, declared).length > 0 ||
  catalogueKinds.some((kind) => !declared.some((d) => DECLARED_FOR_KIND[kind].includes(d.meat)));

export interface DinerMeatOrigin extends MeatOriginLine {
  /** « Origine : France », « Né et élevé : Irlande, France et abattu : France »… */
  text: string;
}

/** The countries of a complete origin, for the other languages (src/shared/diner/meat-origin-names.ts). */
const lineOf = (meat: string, origin: MeatOrigin, text: string): DinerMeatOrigin => ({
  meat,
  text,
  bovine: BOVINE.includes(origin.meat),
  countries: { born: origin.born ?? null, reared: origin.reared!, slaughtered: origin.slaughtered! },
});

/** The lines diners read, on the page, in its JSON, on the printed carte and in the allergen table. */
export function dinerMeatOrigins(
  declared: readonly MeatOrigin[],
  products: readonly ProductOrigin[],
): DinerMeatOrigin[] {
  const own = declared.flatMap((origin) => {
    const text = meatOriginText(origin);
    return text ? [lineOf(origin.meat, origin, text)] : [];
  });
  const derived = derivedMeatOrigins(products, declared).map(({ kind, origin }) =>
    lineOf(DERIVED_MEAT_NAMES[kind], origin, meatOriginText(origin)!),
  );
  return [...own, ...derived];
}

/**
 * « Reprendre l’origine de mes produits » (the recipe form): each kind the products bring is
 * declared with the countries they agree on (a stage they differ on stays empty, for the owner
 * to fill); a meat already declared for that kind keeps its name (Veau stays Veau).
 */
export function declarationFromProducts(
  products: readonly ProductOrigin[],
  declared: readonly MeatOrigin[],
): MeatOrigin[] {
  const result = [...declared];
  for (const kind of [...new Set(products.map((p) => p.meatKind))]) {
    const stages = agreedStages(products, kind);
    const index = result.findIndex((d) => DECLARED_FOR_KIND[kind].includes(d.meat));
    if (index >= 0) result[index] = asDeclared(kind, stages, result[index]!.meat);
    else result.push(asDeclared(kind, stages));
  }
  return result;
}
