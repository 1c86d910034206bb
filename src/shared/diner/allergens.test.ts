import { describe, expect, it } from 'vitest';
import { DIET_LABELS } from '../diets.ts';
import { DINER_LANGUAGES } from './languages.ts';
import { DINER_TEXTS } from './texts.ts';
import { allergenLabel, dietLabel, parseAvoided, untranslatedAllergens } from './allergens.ts';

describe('allergens and diets for diners', () => {
  it('names every stored allergen in the five languages (INCO annex II short names)', () => {
    expect(untranslatedAllergens()).toEqual([]);
    expect(allergenLabel('Lait', 'en')).toBe('Milk');
    expect(allergenLabel('Fruits à coque', 'de')).toBe('Schalenfrüchte');
    expect(allergenLabel('Anhydride sulfureux et sulfites', 'it')).toBe('Anidride solforosa e solfiti');
    expect(allergenLabel('Lupin', 'es')).toBe('Altramuces');
  });

  it('translates each diet label and keeps French in French', () => {
    for (const label of DIET_LABELS) for (const lang of DINER_LANGUAGES) expect(dietLabel(label, lang)).toBeTruthy();
    expect(dietLabel('Végan', 'en')).toBe('Vegan');
    expect(dietLabel('Casher', 'de')).toBe('Koscher');
    expect(dietLabel('Végétarien', 'fr')).toBe('Végétarien');
  });

  it('reads ?sans= as a comma list or repeated values, known slugs only, in annex order', () => {
    expect(parseAvoided(['lait,gluten']).map((a) => a.slug)).toEqual(['gluten', 'lait']);
    expect(parseAvoided(['lait', 'gluten', 'lait']).map((a) => a.slug)).toEqual(['gluten', 'lait']);
    expect(parseAvoided([' LAIT ', 'inconnu', '<b>', '', ',,,']).map((a) => a.slug)).toEqual(['lait']);
    expect(parseAvoided(['x'.repeat(100_000)])).toEqual([]);
    expect(parseAvoided(Array.from({ length: 10_000 }, () => 'soja'))).toHaveLength(1);
  });

  it('has every fixed text in every language, none holding a markup character', () => {
    const keys = Object.keys(DINER_TEXTS.fr).sort();
    for (const lang of DINER_LANGUAGES) {
      expect(Object.keys(DINER_TEXTS[lang]).sort()).toEqual(keys);
      for (const value of Object.values(DINER_TEXTS[lang])) {
        expect(value).toBeTruthy();
        expect(value).not.toMatch(/[<>&"]/);
      }
    }
    expect(DINER_TEXTS.en.contains).toBe('Contains:');
    expect(DINER_TEXTS.de.filterTitle).toBe('Ich verzichte auf…');
    expect(DINER_TEXTS.es.soldOut).toBe('Agotado');
  });
});
