import { z } from '../zod-fr.ts';
import { TRANSLATED_LANGUAGES, type DinerLanguage, type TranslatedLanguage } from './languages.ts';

/**
 * An owner's translations of a dish's name and description (docs/product/api.md « Menus for
 * diners »: `translations: {en?|es?|de?|it?: {name?, description?}}`). Every field is
 * optional: a missing one shows the French text, marked `lang="fr"` on the public page.
 */
export type DishTranslation = { name?: string; description?: string };
export type DishTranslations = Partial<Record<TranslatedLanguage, DishTranslation>>;

/** The French messages of the translations' checks, for the forms that show them next to a field. @public */
export const translationMessages = {
  invalid: 'Les traductions doivent être un objet par langue (en, es, de, it)',
  nameTooLong: 'Le nom traduit ne peut pas dépasser 200 caractères',
  descriptionTooLong: 'La description traduite ne peut pas dépasser 2000 caractères',
} as const;

const m = translationMessages;
// An empty text means « not translated »: it is dropped, not stored.
const text = (max: number, message: string) =>
  z
    .string({ error: m.invalid })
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));
const one = z
  .object({ name: text(200, m.nameTooLong), description: text(2000, m.descriptionTooLong) }, { error: m.invalid })
  .strict();

/** Unknown languages are refused (422), not ignored: the owner would lose what they typed. */
export const dishTranslationsSchema = z
  .object(
    Object.fromEntries(TRANSLATED_LANGUAGES.map((lang) => [lang, one.optional()])) as Record<
      TranslatedLanguage,
      z.ZodOptional<typeof one>
    >,
    { error: m.invalid },
  )
  .strict()
  .transform((all) => compactTranslations(all as DishTranslations));

/** Translations of a name alone (a formule's): a description sent with it is dropped. */
export const nameTranslationsSchema = dishTranslationsSchema.transform((all) =>
  compactTranslations(
    Object.fromEntries(Object.entries(all).map(([lang, entry]) => [lang, { name: entry?.name }])) as DishTranslations,
  ),
);

/** Drops empty languages and fields, so that stored JSON only holds real translations. */
function compactTranslations(all: DishTranslations): DishTranslations {
  const out: DishTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const entry = all[lang];
    const kept: DishTranslation = {};
    if (entry?.name) kept.name = entry.name;
    if (entry?.description) kept.description = entry.description;
    if (kept.name || kept.description) out[lang] = kept;
  }
  return out;
}

/** Stored JSON read back defensively: anything not a string is ignored. */
export function readTranslations(value: unknown): DishTranslations {
  if (!value || typeof value !== 'object') return {};
  const out: DishTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const entry = (value as Record<string, unknown>)[lang];
    if (!entry || typeof entry !== 'object') continue;
    const { name, description } = entry as Record<string, unknown>;
    const kept: DishTranslation = {};
    if (typeof name === 'string' && name) kept.name = name;
    if (typeof description === 'string' && description) kept.description = description;
    if (kept.name || kept.description) out[lang] = kept;
  }
  return out;
}

/** A text in the diner's language: the translation when there is one, else the French, flagged. */
export interface LocalizedText {
  text: string;
  /** True when the French text stands in for a missing translation. */
  french: boolean;
}

export function localize(
  french: string,
  translations: DishTranslations,
  field: keyof DishTranslation,
  lang: DinerLanguage,
): LocalizedText {
  if (lang === 'fr') return { text: french, french: false };
  const translated = translations[lang]?.[field];
  return translated ? { text: translated, french: false } : { text: french, french: true };
}
