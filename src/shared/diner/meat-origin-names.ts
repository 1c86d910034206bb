import type { DinerLanguage } from './languages.ts';
import { DINER_TEXTS } from './texts.ts';

/**
 * The meat-origin line of the diner's page in the diner's language (every fixed text is
 * translated, docs/decisions/0020-languages-filter-live-availability.md; the decree's French
 * wording stays on the French page and on printed papers). The meat names are the app's own
 * (src/shared/meat-origin.ts, src/shared/diner-meat-origins.ts); the countries are what the owner
 * typed: the usual origins of meat sold in France are translated here, and a line naming any other
 * place is shown in French, marked `lang="fr"`, rather than half translated.
 */
type Names = Record<Exclude<DinerLanguage, 'fr'>, string>;

const MEATS: Record<string, Names> = {
  Bœuf: { en: 'Beef', es: 'Ternera', de: 'Rind', it: 'Manzo' },
  Veau: { en: 'Veal', es: 'Ternera lechal', de: 'Kalb', it: 'Vitello' },
  Porc: { en: 'Pork', es: 'Cerdo', de: 'Schwein', it: 'Maiale' },
  Agneau: { en: 'Lamb', es: 'Cordero', de: 'Lamm', it: 'Agnello' },
  Volaille: { en: 'Poultry', es: 'Aves', de: 'Geflügel', it: 'Pollame' },
  'Viande bovine': { en: 'Beef', es: 'Carne de vacuno', de: 'Rindfleisch', it: 'Carne bovina' },
  'Viande ovine': { en: 'Lamb and mutton', es: 'Carne de ovino', de: 'Schaffleisch', it: 'Carne ovina' },
};

const COUNTRIES: Record<string, Names> = {
  france: { en: 'France', es: 'Francia', de: 'Frankreich', it: 'Francia' },
  irlande: { en: 'Ireland', es: 'Irlanda', de: 'Irland', it: 'Irlanda' },
  'royaume-uni': { en: 'United Kingdom', es: 'Reino Unido', de: 'Vereinigtes Königreich', it: 'Regno Unito' },
  ecosse: { en: 'Scotland', es: 'Escocia', de: 'Schottland', it: 'Scozia' },
  allemagne: { en: 'Germany', es: 'Alemania', de: 'Deutschland', it: 'Germania' },
  espagne: { en: 'Spain', es: 'España', de: 'Spanien', it: 'Spagna' },
  italie: { en: 'Italy', es: 'Italia', de: 'Italien', it: 'Italia' },
  belgique: { en: 'Belgium', es: 'Bélgica', de: 'Belgien', it: 'Belgio' },
  'pays-bas': { en: 'Netherlands', es: 'Países Bajos', de: 'Niederlande', it: 'Paesi Bassi' },
  pologne: { en: 'Poland', es: 'Polonia', de: 'Polen', it: 'Polonia' },
  danemark: { en: 'Denmark', es: 'Dinamarca', de: 'Dänemark', it: 'Danimarca' },
  autriche: { en: 'Austria', es: 'Austria', de: 'Österreich', it: 'Austria' },
  suisse: { en: 'Switzerland', es: 'Suiza', de: 'Schweiz', it: 'Svizzera' },
  portugal: { en: 'Portugal', es: 'Portugal', de: 'Portugal', it: 'Portogallo' },
  hongrie: { en: 'Hungary', es: 'Hungría', de: 'Ungarn', it: 'Ungheria' },
  roumanie: { en: 'Romania', es: 'Rumanía', de: 'Rumänien', it: 'Romania' },
  bresil: { en: 'Brazil', es: 'Brasil', de: 'Brasilien', it: 'Brasile' },
  argentine: { en: 'Argentina', es: 'Argentina', de: 'Argentinien', it: 'Argentina' },
  uruguay: { en: 'Uruguay', es: 'Uruguay', de: 'Uruguay', it: 'Uruguay' },
  australie: { en: 'Australia', es: 'Australia', de: 'Australien', it: 'Australia' },
  'nouvelle-zelande': { en: 'New Zealand', es: 'Nueva Zelanda', de: 'Neuseeland', it: 'Nuova Zelanda' },
  'etats-unis': { en: 'United States', es: 'Estados Unidos', de: 'Vereinigte Staaten', it: 'Stati Uniti' },
  canada: { en: 'Canada', es: 'Canadá', de: 'Kanada', it: 'Canada' },
  ue: { en: 'EU', es: 'UE', de: 'EU', it: 'UE' },
  'union-europeenne': { en: 'European Union', es: 'Unión Europea', de: 'Europäische Union', it: 'Unione europea' },
};

/** « États-Unis », « etats unis », « ÉTATS-UNIS », « les États-Unis » → one key. */
const countryKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/^(?:(?:la|le|les)\s+|l['’]\s*)/, '')
    .replace(/[\s\u00a0'’-]+/g, '-');

export const translatedCountry = (name: string, lang: Exclude<DinerLanguage, 'fr'>): string | null =>
  COUNTRIES[countryKey(name)]?.[lang] ?? null;

export interface MeatOriginLine {
  meat: string;
  /** Beef and veal name the country of birth too. */
  bovine: boolean;
  countries: { born: string | null; reared: string; slaughtered: string };
}

/**
 * « Beef · Origin: France », « Beef · Born and reared in: Ireland, France · Slaughtered in:
 * France »; null when a meat or a country has no translation here (the caller shows French).
 */
export function meatOriginLineIn(
  line: MeatOriginLine,
  lang: Exclude<DinerLanguage, 'fr'>,
): { meat: string; text: string } | null {
  const t = DINER_TEXTS[lang];
  const meat = MEATS[line.meat]?.[lang];
  const { born, reared, slaughtered } = line.countries;
  const places = line.bovine && born ? [born, reared] : [reared];
  const translated = [...places, slaughtered].map((place) => translatedCountry(place, lang));
  if (!meat || translated.some((place) => place === null)) return null;
  const [slaughteredIn] = translated.slice(-1) as [string];
  if ([...places, slaughtered].every((place) => countryKey(place) === countryKey(slaughtered)))
    return { meat, text: `${t.origin} ${slaughteredIn}` };
  const raised = [...new Set(translated.slice(0, -1))].join(', ');
  return { meat, text: `${line.bovine ? t.bornAndReared : t.reared} ${raised} · ${t.slaughtered} ${slaughteredIn}` };
}
