import { DINER_ALLERGENS } from '../diner/allergens.ts';
import type { Service } from './catering.ts';

/**
 * Diet variants (« menus de substitution », docs/product/meal-plans.md « Diet variants »): the
 * covers of a service that take another dish. Counts only: a PAI (projet d'accueil
 * individualisé) is counted per allergen, never named after a child.
 *
 * Textures follow the IDDSI framework's levels, named as its French (Europe) leaflets name them
 * (iddsi.org « Patient handouts », French (Europe), November 2021): 7 « Facile à mastiquer »,
 * 6 « Petits morceaux tendres », 5 « Finement haché et lubrifié », 4 « Mixé », 3 « Liquéfié ».
 */
export const BASE_VARIANTS = [
  'sans_porc',
  'sans_viande',
  'vegetarien',
  'sans_gluten',
  'texture_7',
  'texture_6',
  'texture_5',
  'texture_4',
  'texture_3',
] as const;
export type BaseVariant = (typeof BASE_VARIANTS)[number];
/** `pai:arachides`: a PAI for one allergen (the public menu's slugs, src/shared/diner/allergens.ts). */
export type PaiVariant = `pai:${string}`;
export type Variant = BaseVariant | PaiVariant;

export const PAI_VARIANTS: readonly PaiVariant[] = DINER_ALLERGENS.map((a) => `pai:${a.slug}` as const);
export const VARIANTS: readonly Variant[] = [...BASE_VARIANTS, ...PAI_VARIANTS];
export const isVariant = (value: string): value is Variant => (VARIANTS as readonly string[]).includes(value);

const BASE_LABELS: Record<BaseVariant, string> = {
  sans_porc: 'Sans porc',
  sans_viande: 'Sans viande',
  vegetarien: 'Végétarien',
  sans_gluten: 'Sans gluten',
  texture_7: 'Facile à mastiquer (IDDSI 7)',
  texture_6: 'Petits morceaux tendres (IDDSI 6)',
  texture_5: 'Finement haché et lubrifié (IDDSI 5)',
  texture_4: 'Mixé (IDDSI 4)',
  texture_3: 'Liquéfié (IDDSI 3)',
};

/** The allergen a PAI variant is about (its stored name, « Arachides »). */
function paiAllergen(variant: Variant): string | null {
  if (!variant.startsWith('pai:')) return null;
  return DINER_ALLERGENS.find((a) => `pai:${a.slug}` === variant)?.name ?? null;
}

export function variantLabel(variant: Variant): string {
  const allergen = paiAllergen(variant);
  return allergen ? `PAI ${allergen.toLocaleLowerCase('fr')}` : BASE_LABELS[variant as BaseVariant];
}

/** A texture is made from the same dish (mixed, minced…): nothing to substitute, only counted. */
export const isTexture = (variant: Variant): boolean => variant.startsWith('texture_');

/** Per service, how many covers take each variant. */
export type DietCounts = Partial<Record<Service, Partial<Record<Variant, number>>>>;
export const DIET_COUNT_MAX = 10_000;

/** The variants a service serves (count above 0), in the list's order. */
export function servedVariants(counts: DietCounts, service: Service): { variant: Variant; count: number }[] {
  const row = counts[service] ?? {};
  return VARIANTS.flatMap((variant) => ((row[variant] ?? 0) > 0 ? [{ variant, count: row[variant]! }] : []));
}

/** What a dish is, as far as the variants need it (src/server/features/meal-plans/dishes.ts). */
export interface DishDietFacts {
  allergens: readonly string[];
  traces: readonly string[];
  allergensDeclared: boolean;
  /** Made of meat (charcuterie included), as the GEMRCN profile reads it. */
  meat: boolean;
  pork: boolean;
  vegetarian: boolean;
  /** A part of it could not be opened (a sub-recipe without lines): its make is unknown. */
  unknownMake: boolean;
}

/**
 * Whether a dish suits a variant, and why not (French, shown next to the substitute). A PAI or
 * « sans gluten » dish must have a confirmed allergen list without the allergen, traces included.
 */
export function dietProblem(variant: Variant, dish: DishDietFacts): string | null {
  if (isTexture(variant)) return null;
  const allergen = variant === 'sans_gluten' ? 'Gluten' : paiAllergen(variant);
  if (allergen !== null) {
    if (!dish.allergensDeclared) return 'allergènes non confirmés';
    if (dish.allergens.includes(allergen)) return `contient ${allergen.toLocaleLowerCase('fr')}`;
    if (dish.traces.includes(allergen)) return `peut contenir ${allergen.toLocaleLowerCase('fr')}`;
    return null;
  }
  if (dish.unknownMake) return 'composition inconnue';
  if (variant === 'sans_porc' && dish.pork) return 'contient du porc';
  if (variant === 'sans_viande' && dish.meat) return 'contient de la viande';
  if (variant === 'vegetarien' && !dish.vegetarian) return 'contient de la viande ou du poisson';
  return null;
}
