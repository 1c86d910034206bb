import { describe, expect, it } from 'vitest';
import { isRedMeat, recipeNutriScore } from './recipe-nutrition.ts';
import type { Nutrient } from './nutrition.ts';

const totals = (v: Partial<Record<Nutrient, number | null>>): Record<Nutrient, number | null> => ({
  energyKj: 1500,
  energyKcal: 360,
  water: null,
  protein: 12,
  carbs: 30,
  sugars: 25,
  fiber: 15,
  fat: 3,
  saturatedFat: 3,
  salt: 5,
  ...v,
});

describe('recipe Nutri-Score', () => {
  const base = { totals: totals({}), missing: {}, referenceGrams: 500, fruitVegLegumePercent: 70, redMeat: false };

  it('scores per 100 g of the dish (cooked weight), hand-worked', () => {
    // 500 g of dish: per 100 g 300 kJ (0), sugars 5 (1), saturates 0.6 (0), salt 1 (4: >0.2…>0.8); N = 5.
    // protein 2.4 (0: not > 2.4), fibre 3 (0: not > 3), 70 % → 2; score 3 → C.
    expect(recipeNutriScore(base)).toEqual({
      available: true,
      letter: 'C',
      score: 3,
      category: 'general',
      categoryReason: 'Aliment',
    });
  });

  it('names the missing fruit/vegetable share', () => {
    expect(recipeNutriScore({ ...base, fruitVegLegumePercent: null })).toMatchObject({
      available: false,
      reasons: ['Part de fruits, légumes et légumineuses manquante'],
      reason: 'Part de fruits, légumes et légumineuses manquante.',
    });
  });

  it('names each unknown value and the ingredients that lack it, in the algorithm order', () => {
    const r = recipeNutriScore({
      ...base,
      missing: { sugars: ['Olive noire', 'Anchois'], fiber: ['Anchois'], salt: ['Olive noire'], water: ['Thon'] },
    });
    expect(r).toMatchObject({
      available: false,
      reasons: [
        'Sucres inconnus pour : Olive noire, Anchois',
        'Sel inconnu pour : Olive noire',
        'Fibres inconnues pour : Anchois',
      ],
      reason:
        'Sucres inconnus pour : Olive noire, Anchois. Sel inconnu pour : Olive noire. Fibres inconnues pour : Anchois.',
    });
  });

  it('names an ingredient without a weight once, not once per nutrient, and says when nothing weighs anything', () => {
    const everything = {
      energyKj: ['Œuf'],
      sugars: ['Œuf'],
      saturatedFat: ['Œuf'],
      salt: ['Œuf'],
      protein: ['Œuf'],
      fiber: ['Œuf', 'Persil'],
    };
    const r = recipeNutriScore({ ...base, missing: everything, unweighed: ['Œuf'] });
    expect(r.available === false && r.reasons).toEqual(['Poids inconnu pour : Œuf', 'Fibres inconnues pour : Persil']);
    const empty = recipeNutriScore({ ...base, totals: totals({}), referenceGrams: 0 });
    expect(empty.available === false && empty.reasons).toEqual(['Poids de la recette inconnu']);
  });

  it('recognises red meat from Ciqual names and subgroups', () => {
    expect(isRedMeat('Boeuf, steak haché 5% MG, cru', 'viandes crues')).toBe(true);
    expect(isRedMeat('Jambon cuit, supérieur', 'charcuteries et alternatives végétales')).toBe(true);
    expect(isRedMeat('Poulet, filet sans peau grillé/poêlé', 'viandes cuites')).toBe(false);
    expect(isRedMeat('Boeuf bourguignon', 'plats composés')).toBe(false);
  });
});
