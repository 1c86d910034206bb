import { z } from './zod-fr.ts';

/**
 * Origin of the meats of a dish, as décret 2002-1465 (amended by décret 2025-141) asks
 * restaurants to show it (docs/product/decisions.md 20): bovine meat (beef, veal), pork,
 * lamb and mutton, poultry. Goat, rabbit and game are not covered.
 */
export const MEAT_KINDS = ['Bœuf', 'Veau', 'Porc', 'Agneau', 'Volaille'] as const;
export type MeatKind = (typeof MEAT_KINDS)[number];
/** Bovine meat names the country of birth too (« Né et élevé : … »). */
export const BOVINE: readonly MeatKind[] = ['Bœuf', 'Veau'];

export const meatOriginMessages = {
  unknownMeat: 'Choisissez une viande de la liste',
  countryTooLong: 'Le nom du pays ne peut pas dépasser 60 caractères',
  tooMany: 'Au plus 5 viandes par recette',
  duplicate: 'Cette viande est déjà indiquée',
} as const;
const m = meatOriginMessages;

/** A country name as the owner types it (« France »); empty or absent: not known yet. */
const country = z
  .string()
  .trim()
  .max(60, m.countryTooLong)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const meatOriginSchema = z.object({
  meat: z.enum(MEAT_KINDS, { error: m.unknownMeat }),
  /** Bovine only: where the animal was born. */
  born: country,
  reared: country,
  slaughtered: country,
});
export type MeatOrigin = z.output<typeof meatOriginSchema>;

export const meatOriginsSchema = z
  .array(meatOriginSchema)
  .max(5, m.tooMany)
  .default([])
  .superRefine((list, ctx) => {
    list.forEach((origin, index) => {
      if (list.findIndex((o) => o.meat === origin.meat) !== index)
        ctx.addIssue({ code: 'custom', message: m.duplicate, path: [index, 'meat'] });
    });
  });

/** Every country the decree's wording needs is known. */
export const originKnown = (origin: MeatOrigin): boolean =>
  Boolean(origin.reared && origin.slaughtered && (!BOVINE.includes(origin.meat) || origin.born));

/**
 * The decree's wording (art. 2): « Origine : France » when the animal was born (bovine),
 * reared and slaughtered in one country; else « Né et élevé : Irlande, France et abattu :
 * France » (bovine) or « Élevé : Espagne et abattu : France » (pork, lamb, poultry). Null
 * while a country is unknown: the owner is told, diners see nothing made up.
 */
export function meatOriginText(origin: MeatOrigin): string | null {
  if (!originKnown(origin)) return null;
  const bovine = BOVINE.includes(origin.meat);
  const places = bovine ? [origin.born!, origin.reared!] : [origin.reared!];
  if ([...places, origin.slaughtered!].every((p) => p === origin.slaughtered))
    return `Origine\u00a0: ${origin.slaughtered}`;
  const raised = [...new Set(places)].join(', ');
  return `${bovine ? 'Né et élevé' : 'Élevé'}\u00a0: ${raised} et abattu\u00a0: ${origin.slaughtered}`;
}

/**
 * The owner's flag: a declared meat with a country still unknown, or red meat among the
 * ingredients (the catalogue's own marking, src/shared/recipe-facts.ts) with no meat declared.
 */
export const meatOriginMissing = (origins: readonly MeatOrigin[], hasRedMeat: boolean): boolean =>
  origins.some((origin) => !originKnown(origin)) || (hasRedMeat && origins.length === 0);
