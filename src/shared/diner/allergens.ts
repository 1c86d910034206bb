import { ALLERGEN_NAMES } from '../allergens.ts';
import { DIET_LABELS } from '../diets.ts';
import type { DinerLanguage } from './languages.ts';

/**
 * The 14 allergens (src/shared/allergens.ts, INCO annex II order) for diners: the slug of the
 * filter's URL (`?sans=gluten,lait`, readable French without accents) and the menu short name
 * in each language (Regulation (EU) 1169/2011 language versions, docs/product/diner-languages.md).
 */
const ROWS: readonly [fr: string, slug: string, en: string, es: string, de: string, it: string][] = [
  ['Gluten', 'gluten', 'Gluten', 'Gluten', 'Gluten', 'Glutine'],
  ['Crustacés', 'crustaces', 'Crustaceans', 'Crustáceos', 'Krebstiere', 'Crostacei'],
  ['Œufs', 'oeufs', 'Eggs', 'Huevos', 'Eier', 'Uova'],
  ['Poissons', 'poissons', 'Fish', 'Pescado', 'Fisch', 'Pesce'],
  ['Arachides', 'arachides', 'Peanuts', 'Cacahuetes', 'Erdnüsse', 'Arachidi'],
  ['Soja', 'soja', 'Soya', 'Soja', 'Soja', 'Soia'],
  ['Lait', 'lait', 'Milk', 'Leche', 'Milch', 'Latte'],
  ['Fruits à coque', 'fruits-a-coque', 'Nuts', 'Frutos de cáscara', 'Schalenfrüchte', 'Frutta a guscio'],
  ['Céleri', 'celeri', 'Celery', 'Apio', 'Sellerie', 'Sedano'],
  ['Moutarde', 'moutarde', 'Mustard', 'Mostaza', 'Senf', 'Senape'],
  ['Graines de sésame', 'sesame', 'Sesame seeds', 'Sésamo', 'Sesam', 'Sesamo'],
  [
    'Anhydride sulfureux et sulfites',
    'sulfites',
    'Sulphur dioxide and sulphites',
    'Dióxido de azufre y sulfitos',
    'Schwefeldioxid und Sulfite',
    'Anidride solforosa e solfiti',
  ],
  ['Lupin', 'lupin', 'Lupin', 'Altramuces', 'Lupinen', 'Lupini'],
  ['Mollusques', 'mollusques', 'Molluscs', 'Moluscos', 'Weichtiere', 'Molluschi'],
];

export interface DinerAllergen {
  /** The stored name (src/shared/allergens.ts). */
  name: string;
  slug: string;
  label: Record<DinerLanguage, string>;
}

export const DINER_ALLERGENS: readonly DinerAllergen[] = ROWS.map(([fr, slug, en, es, de, it]) => ({
  name: fr,
  slug,
  label: { fr, en, es, de, it },
}));

const BY_NAME = new Map(DINER_ALLERGENS.map((a) => [a.name, a]));

/** An allergen's menu name in a language (an unknown stored name is shown as it is). */
export const allergenLabel = (name: string, lang: DinerLanguage): string => BY_NAME.get(name)?.label[lang] ?? name;

/**
 * The allergens a diner avoids, from every `sans` value (the form sends one per box, a shared
 * link one comma list): known slugs only, in annex II order, each once. Anything else (unknown,
 * too long, too many) is ignored, never an error (docs/decisions/0020-languages-filter-live-availability.md).
 */
export function parseAvoided(values: readonly string[]): DinerAllergen[] {
  const wanted = new Set<string>();
  for (const value of values.slice(0, 20)) {
    for (const part of value.slice(0, 400).split(',', 20)) wanted.add(part.trim().toLowerCase());
  }
  return DINER_ALLERGENS.filter((a) => wanted.has(a.slug));
}

/** docs/product/diner-languages.md « Diets »: the owner's declared labels in each language. */
const DIETS: Record<(typeof DIET_LABELS)[number], Record<Exclude<DinerLanguage, 'fr'>, string>> = {
  Végétarien: { en: 'Vegetarian', es: 'Vegetariano', de: 'Vegetarisch', it: 'Vegetariano' },
  Végan: { en: 'Vegan', es: 'Vegano', de: 'Vegan', it: 'Vegano' },
  'Sans gluten': { en: 'Gluten-free', es: 'Sin gluten', de: 'Glutenfrei', it: 'Senza glutine' },
  'Sans lactose': { en: 'Lactose-free', es: 'Sin lactosa', de: 'Laktosefrei', it: 'Senza lattosio' },
  Halal: { en: 'Halal', es: 'Halal', de: 'Halal', it: 'Halal' },
  Casher: { en: 'Kosher', es: 'Kosher', de: 'Koscher', it: 'Kosher' },
};

export function dietLabel(name: string, lang: DinerLanguage): string {
  if (lang === 'fr') return name;
  return (DIETS as Record<string, Record<string, string> | undefined>)[name]?.[lang] ?? name;
}

/** Every stored allergen name has a row: a new one in src/shared/allergens.ts must be translated. */
export const untranslatedAllergens = (): string[] => ALLERGEN_NAMES.filter((name) => !BY_NAME.has(name));
