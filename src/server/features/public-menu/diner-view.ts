import { parseAvoided, type DinerAllergen } from '../../../shared/diner/allergens.ts';
import { negotiateLanguage, parseLanguageParam, type DinerLanguage } from '../../../shared/diner/languages.ts';
import { DINER_TEXTS, type DinerTexts } from '../../../shared/diner/texts.ts';

/**
 * What one diner asked for on top of the menu itself (docs/decisions/0020): the language (`?lang=`, else
 * Accept-Language, else French) and the allergens they avoid (`?sans=`). Parsed leniently:
 * an unknown or hostile value is ignored, never an error.
 */
export interface DinerView {
  lang: DinerLanguage;
  texts: DinerTexts;
  /** Known allergens only, in annex II order. */
  avoided: readonly DinerAllergen[];
}

export const FRENCH_VIEW: DinerView = { lang: 'fr', texts: DINER_TEXTS.fr, avoided: [] };

export function dinerView(
  query: { lang?: string[] | undefined; sans?: string[] | undefined },
  acceptLanguage: string | undefined,
): DinerView {
  const lang = parseLanguageParam(query.lang?.[0]) ?? negotiateLanguage(acceptLanguage?.slice(0, 1000));
  return { lang, texts: DINER_TEXTS[lang], avoided: parseAvoided(query.sans ?? []) };
}

/** The rendered variants of one menu's page: one per language and set of avoided allergens. */
export const viewKey = (view: DinerView): string => `${view.lang}|${view.avoided.map((a) => a.slug).join(',')}`;

/**
 * The query string of a view (`?lang=en&sans=gluten,lait`): links of the language switcher
 * keep the filter, the filter's form keeps the language.
 */
export function viewQuery(lang: DinerLanguage, avoided: readonly DinerAllergen[]): string {
  const sans = avoided.length ? `&amp;sans=${avoided.map((a) => a.slug).join(',')}` : '';
  return `?lang=${lang}${sans}`;
}

const THOUSANDS: Record<DinerLanguage, string> = { fr: '\u202f', en: ',', es: '.', de: '.', it: '.' };

/**
 * A number written by src/server/features/public-menu/format.ts (fr-FR: decimal comma, narrow
 * no-break space between thousands) in the diner's language: English takes a decimal point
 * and a comma between thousands; Spanish, German and Italian a comma and a dot.
 */
export function localizeNumber(french: string, lang: DinerLanguage): string {
  if (lang === 'fr') return french;
  const decimal = lang === 'en' ? french.replace(/(\d),(\d)/g, '$1.$2') : french;
  return decimal.replace(/(\d)\u202f(\d)/g, `$1${THOUSANDS[lang]}$2`);
}
