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
  it('scores per 100 g of the dish (cooked weight), hand-worked', () => {
    // 500 g of dish: per 100 g 300 kJ (0), sugars 5 (1), saturates 0.6 (0), salt 1 (4: >0.2…>0.8); N = 5.
    // protein 2.4 (0: not > 2.4), fibre 3 (0: not > 3), 70 % → 2; score 3 → C.
    const r = recipeNutriScore({ totals: totals({}), referenceGrams: 500, fruitVegLegumePercent: 70, redMeat: false }, {});
    expect(r).toEqual({ available: true, letter: 'C', score: 3 });
  });

  it('is unavailable without the fruit/vegetable share or with a Ciqual gap', () => {
    expect(recipeNutriScore({ totals: totals({}), referenceGrams: 500, fruitVegLegumePercent: null, redMeat: false }, {}).available).toBe(false);
    expect(recipeNutriScore({ totals: totals({ fiber: null }), referenceGrams: 500, fruitVegLegumePercent: 10, redMeat: false }, {}).available).toBe(false);
    expect(recipeNutriScore({ totals: totals({}), referenceGrams: 500, fruitVegLegumePercent: 10, redMeat: false }, { salt: ['Sel'] }).available).toBe(false);
  });

  it('recognises red meat from Ciqual names and subgroups', () => {
    expect(isRedMeat('Boeuf, steak haché 5% MG, cru', 'viandes crues')).toBe(true);
    expect(isRedMeat('Jambon cuit, supérieur', 'charcuteries et alternatives végétales')).toBe(true);
    expect(isRedMeat('Poulet, filet sans peau grillé/poêlé', 'viandes cuites')).toBe(false);
    expect(isRedMeat('Boeuf bourguignon', 'plats composés')).toBe(false);
  });
});
