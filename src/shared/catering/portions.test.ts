import { describe, expect, it } from 'vitest';
import { POPULATIONS } from './catering.ts';
import {
  COMPOSED_BELOW_SHARE,
  coverPortion,
  DEFAULT_PORTIONS,
  PORTION_LINES,
  portionFactor,
  portionGrid,
  portionLineOf,
} from './portions.ts';
import { dish } from './test-dishes.ts';

const grams = (line: keyof typeof DEFAULT_PORTIONS) => POPULATIONS.map((p) => DEFAULT_PORTIONS[line][p].grams);
const sources = (line: keyof typeof DEFAULT_PORTIONS) => POPULATIONS.map((p) => DEFAULT_PORTIONS[line][p].source);

describe('portions by age (arrêté du 30 septembre 2011, annexe II, and NutriCarte estimates)', () => {
  it('takes the arrêté’s figures where it has them, and says the others are estimates', () => {
    // Steak haché / denrée protidique: 50 / 70 / 100 g; no adult column.
    expect(grams('plat')).toEqual([50, 70, 100, 110]);
    expect(sources('plat')).toEqual(['arrete', 'arrete', 'arrete', 'repere']);
    // Plat composé, whole portion: 180 / 250 / « 250 à 300 » g (its middle).
    expect(grams('plat_compose')).toEqual([180, 250, 275, 300]);
    expect(sources('plat_compose')).toEqual(['arrete', 'arrete', 'arrete', 'repere']);
    for (const line of ['entree', 'accompagnement', 'dessert', 'pain'] as const)
      expect(new Set(sources(line))).toEqual(new Set(['repere']));
    // Dairy and goûter: one recipe portion, whatever the age.
    for (const line of ['laitier', 'gouter'] as const)
      expect(DEFAULT_PORTIONS[line].maternelle).toEqual({ grams: null, source: 'recette' });
  });

  it('weighs a main dish on its own when meat, fish or egg make 70 % of it, else whole', () => {
    expect(portionLineOf('plat', dish('Cabillaud vapeur', { shares: { meatFishEgg: 1, fish: 1 } }))).toBe('plat');
    expect(portionLineOf('plat', dish('Sauté de bœuf', { shares: { meatFishEgg: COMPOSED_BELOW_SHARE } }))).toBe(
      'plat',
    );
    expect(portionLineOf('plat', dish('Lasagnes', { shares: { meatFishEgg: 0.3 } }))).toBe('plat_compose');
    expect(portionLineOf('plat', dish('Dahl de lentilles', { shares: { meatFishEgg: 0 } }))).toBe('plat_compose');
    // Nothing weighed: nothing to say it is composed.
    expect(portionLineOf('plat', dish('Plat sans poids', { portionGrams: null }))).toBe('plat');
    expect(portionLineOf('entree', dish('Carottes râpées', { shares: { meatFishEgg: 0 } }))).toBe('entree');
  });

  it('lays the establishment’s own cells over the defaults, a blank one meaning the recipe’s portion', () => {
    const grid = portionGrid({ entree: { maternelle: 60 }, laitier: { adulte: 125 }, plat: { adulte: null } });
    expect(grid.entree.maternelle).toEqual({ grams: 60, source: 'etablissement' });
    expect(grid.entree.elementaire).toEqual(DEFAULT_PORTIONS.entree.elementaire);
    expect(grid.laitier.adulte).toEqual({ grams: 125, source: 'etablissement' });
    expect(grid.plat.adulte).toEqual({ grams: null, source: 'etablissement' });
    expect(Object.keys(portionGrid({}))).toEqual([...PORTION_LINES]);
    expect(portionGrid({})).toEqual(DEFAULT_PORTIONS);
  });

  it('scales a recipe portion to the cover’s weight, or keeps it when either is unknown', () => {
    expect(POPULATIONS.map((p) => portionFactor(DEFAULT_PORTIONS.plat[p], 100))).toEqual([0.5, 0.7, 1, 1.1]);
    // A 400 g portion of lasagnes for an élémentaire cover of 250 g.
    expect(portionFactor(DEFAULT_PORTIONS.plat_compose.elementaire, 400)).toBe(0.625);
    expect(portionFactor(DEFAULT_PORTIONS.laitier.maternelle, 125)).toBe(1);
    expect(portionFactor(DEFAULT_PORTIONS.plat.maternelle, null)).toBe(1);
    const lasagnes = dish('Lasagnes', { portionGrams: 400, shares: { meatFishEgg: 0.3 } });
    expect(coverPortion(DEFAULT_PORTIONS, 'plat', 'maternelle', lasagnes)).toEqual({
      line: 'plat_compose',
      cell: DEFAULT_PORTIONS.plat_compose.maternelle,
      factor: 0.45,
      scaled: true,
    });
    expect(
      coverPortion(DEFAULT_PORTIONS, 'laitier', 'maternelle', dish('Yaourt', { portionGrams: 125 })),
    ).toMatchObject({ factor: 1, scaled: false });
    expect(coverPortion(DEFAULT_PORTIONS, 'plat', 'maternelle', dish('Inconnu', { portionGrams: null }))).toMatchObject(
      { factor: 1, scaled: false },
    );
  });
});
