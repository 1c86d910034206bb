/**
 * The languages of the diner's public menu (docs/product/diner-languages.md): French,
 * the reference text, and four for foreign visitors. Codes are ISO 639-1, as in `?lang=` and
 * `<html lang>`.
 */
export const DINER_LANGUAGES = ['fr', 'en', 'es', 'de', 'it'] as const;
export type DinerLanguage = (typeof DINER_LANGUAGES)[number];
/** The languages an owner may translate a dish into (French is the dish's own text). */
export const TRANSLATED_LANGUAGES = ['en', 'es', 'de', 'it'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** Each language named in itself, for the switcher (a diner looks for their own). */
export const LANGUAGE_NATIVE_NAMES: Record<DinerLanguage, string> = {
  fr: 'Français',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
};

/** French names, for the owner's editor. */
export const LANGUAGE_FRENCH_NAMES: Record<TranslatedLanguage, string> = {
  en: 'Anglais',
  es: 'Espagnol',
  de: 'Allemand',
  it: 'Italien',
};

const isDinerLanguage = (value: unknown): value is DinerLanguage =>
  typeof value === 'string' && (DINER_LANGUAGES as readonly string[]).includes(value);

/** `?lang=` as typed: case and surrounding spaces ignored, anything else unknown (null). */
export function parseLanguageParam(value: string | undefined): DinerLanguage | null {
  const code = value?.trim().toLowerCase().slice(0, 8);
  return isDinerLanguage(code) ? code : null;
}

/**
 * The best of the five for an Accept-Language header (RFC 9110 12.5.4): the highest q-value
 * whose primary subtag is one of ours (« en-GB » → en), the header's order breaking ties;
 * French when none matches or the header is missing or malformed. Read at most 40 entries:
 * a hostile header costs nothing.
 */
export function negotiateLanguage(header: string | undefined): DinerLanguage {
  if (!header) return 'fr';
  let best: DinerLanguage = 'fr';
  let bestQ = 0;
  for (const part of header.split(',', 40)) {
    const [tag = '', ...params] = part.split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isDinerLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q) && q > bestQ && q <= 1) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}
