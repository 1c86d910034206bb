/** The 14 allergens regulated by EU Regulation 1169/2011 (annex II), as named in SPEC.md. */
export interface Allergen {
  name: string;
  category: string;
}

export const ALLERGENS: readonly Allergen[] = [
  { name: 'Gluten', category: 'Céréales' },
  { name: 'Lactose', category: 'Lait et produits laitiers' },
  { name: 'Œufs', category: 'Œufs' },
  { name: 'Arachides', category: 'Légumineuses' },
  { name: 'Fruits à coque', category: 'Fruits à coque' },
  { name: 'Soja', category: 'Légumineuses' },
  { name: 'Poisson', category: 'Produits de la mer' },
  { name: 'Crustacés', category: 'Produits de la mer' },
  { name: 'Mollusques', category: 'Produits de la mer' },
  { name: 'Céleri', category: 'Légumes' },
  { name: 'Moutarde', category: 'Condiments' },
  { name: 'Graines de sésame', category: 'Graines' },
  { name: 'Anhydride sulfureux et sulfites', category: 'Additifs' },
  { name: 'Lupin', category: 'Légumineuses' },
];

export const ALLERGEN_NAMES: readonly string[] = ALLERGENS.map((a) => a.name);

/** Folds case, accents and the œ ligature so « oeufs » finds « Œufs ». */
export function foldText(text: string): string {
  return text
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Filters the built-in list by the typed text (also the client fallback of SPEC.md). */
export function filterAllergens(query: string): Allergen[] {
  const q = foldText(query);
  if (!q) return [...ALLERGENS];
  return ALLERGENS.filter((a) => foldText(a.name).includes(q) || foldText(a.category).includes(q));
}
