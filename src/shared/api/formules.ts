import { z } from '../zod-fr.ts';
import { ruleNumber, type NumberRule } from '../number-rules.ts';
import { nameTranslationsSchema } from '../diner/translations.ts';

export * from './formule-vocabulary.ts';

/**
 * Formules (docs/product/formules.md): « Formule déjeuner 18,50 € : Entrée + Plat
 * ou Plat + Dessert », a priced combination of a menu's sections shown at the top of the
 * public page and on the printed carte. Stored in `formules` (migration 0012): `choices` is a
 * list of alternatives, each a list of section ids of the same menu.
 */
export const formuleMessages = {
  nameRequired: 'Le nom de la formule est requis',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  priceInvalid: 'Saisissez le prix de la formule, par exemple 18,50',
  priceTooSmall: 'Le prix d’une formule doit être supérieur à 0',
  priceTooHigh: 'Le prix est trop élevé',
  choicesRequired: 'Choisissez au moins une combinaison de sections',
  tooManyChoices: 'Six combinaisons au plus par formule',
  choiceEmpty: 'Une combinaison compte au moins une section',
  choiceTooLong: 'Une combinaison compte au plus six sections',
  choiceRepeated: 'Cette combinaison est déjà proposée',
  sectionUnknown: 'Choisissez une section de ce menu',
  sectionRepeated: 'Une section ne compte qu’une fois dans une combinaison',
  tooManyFormules: 'Un menu compte au plus dix formules',
} as const;

const m = formuleMessages;
export const MAX_FORMULES_PER_MENU = 10;

/** Euros TTC, service included, like an item's price (src/shared/api/menus.ts), but never 0. */
export const formulePriceRule: NumberRule = {
  min: 'positive',
  max: 100_000,
  decimals: 2,
  messages: { invalid: m.priceInvalid, tooSmall: m.priceTooSmall, tooLarge: m.priceTooHigh },
};

const sectionId = z.string({ error: m.sectionUnknown }).uuid(m.sectionUnknown);
const choice = z
  .array(sectionId, { error: m.choiceEmpty })
  .min(1, m.choiceEmpty)
  .max(6, m.choiceTooLong)
  .superRefine((ids, ctx) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) ctx.addIssue({ code: 'custom', message: m.sectionRepeated, path: [index] });
    });
  });

/** POST /api/menus/:id/formules and PUT /api/formules/:id. */
export const formuleInputSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong),
  price: ruleNumber(formulePriceRule),
  choices: z
    .array(choice, { error: m.choicesRequired })
    .min(1, m.choicesRequired)
    .max(6, m.tooManyChoices)
    .superRefine((choices, ctx) => {
      const keys = choices.map((c) => c.join(','));
      keys.forEach((key, index) => {
        if (keys.indexOf(key) !== index) ctx.addIssue({ code: 'custom', message: m.choiceRepeated, path: [index] });
      });
    }),
  /** The name for diners in English, Spanish, German, Italian; absent from an update: kept. */
  translations: nameTranslationsSchema.optional(),
});
export type FormuleParsed = z.output<typeof formuleInputSchema>;
