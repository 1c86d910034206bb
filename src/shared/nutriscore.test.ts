import { describe, expect, it } from 'vitest';
import { computeNutriScore, fruitVegetablePoints, letterFor } from './nutriscore.ts';

describe('Nutri-Score (2023 algorithm, general foods)', () => {
  it('scores a vegetable soup as A (worked by hand)', () => {
    // 150 kJ → 0; sugars 2.5 → 0; saturates 0.3 → 0; salt 0.5 → 2 (>0.2, >0.4); N = 2.
    // protein 1.2 → 0; fibre 1.5 → 0; 85 % vegetables → 5; P = 5. Score −3 → A.
    const r = computeNutriScore({
      energyKj: 150,
      sugars: 2.5,
      saturatedFat: 0.3,
      salt: 0.5,
      protein: 1.2,
      fiber: 1.5,
      fruitVegLegumePercent: 85,
    });
    expect(r.negative).toMatchObject({ energy: 0, sugars: 0, saturatedFat: 0, salt: 2, total: 2 });
    expect(r.positive).toMatchObject({ protein: 0, fiber: 0, fruitVegLegume: 5, total: 5 });
    expect(r).toMatchObject({ score: -3, letter: 'A' });
  });

  it('does not count protein when negative points reach 11 (cheese quiche → D)', () => {
    // 1100 kJ → 3 (>335, >670, >1005); sugars 2 → 0; saturates 7.5 → 7; salt 0.9 → 4 (>0.2 … >0.8); N = 14.
    // protein 10 → 4 but not counted (N ≥ 11, vegetables < 80 %); fibre 1 → 0; 10 % → 0; P = 0. Score 14 → D.
    const r = computeNutriScore({
      energyKj: 1100,
      sugars: 2,
      saturatedFat: 7.5,
      salt: 0.9,
      protein: 10,
      fiber: 1,
      fruitVegLegumePercent: 10,
    });
    expect(r.negative.total).toBe(14);
    expect(r.positive).toMatchObject({ protein: 4, proteinCounted: false, total: 0 });
    expect(r).toMatchObject({ score: 14, letter: 'D' });
  });

  it('counts protein below 11 negative points and caps it at 2 for red meat', () => {
    // Beef steak: 650 kJ → 1; sugars 0 → 0; saturates 2.5 → 2; salt 0.15 → 0; N = 3.
    // protein 26 → 7, capped at 2 for red meat; P = 2. Score 1 → B (3 → C without the cap? 3 − 7 = −4 → A).
    const base = {
      energyKj: 650,
      sugars: 0,
      saturatedFat: 2.5,
      salt: 0.15,
      protein: 26,
      fiber: 0,
      fruitVegLegumePercent: 0,
    };
    expect(computeNutriScore({ ...base, redMeat: true })).toMatchObject({ score: 1, letter: 'B' });
    expect(computeNutriScore(base)).toMatchObject({ score: -4, letter: 'A' });
  });

  it('scores a chocolate cake as E', () => {
    // 1900 kJ → 5; sugars 38 → 11 (>37); saturates 12 → 10; salt 0.4 → 1 (>0.2, not >0.4); N = 27.
    // protein 6 → 2 (not counted), fibre 3.5 → 1, FVL 0; P = 1. Score 26 → E.
    const r = computeNutriScore({
      energyKj: 1900,
      sugars: 38,
      saturatedFat: 12,
      salt: 0.4,
      protein: 6,
      fiber: 3.5,
      fruitVegLegumePercent: 0,
    });
    expect(r.negative).toMatchObject({ energy: 5, sugars: 11, saturatedFat: 10, salt: 1, total: 27 });
    expect(r).toMatchObject({ score: 26, letter: 'E' });
  });

  it('uses the letter and fruit/vegetable boundaries of the algorithm', () => {
    expect([0, 1, 2, 3, 10, 11, 18, 19].map(letterFor)).toEqual(['A', 'B', 'B', 'C', 'C', 'D', 'D', 'E']);
    expect([40, 40.1, 60, 60.1, 80, 80.1].map(fruitVegetablePoints)).toEqual([0, 1, 1, 2, 2, 5]);
    expect(
      computeNutriScore({
        energyKj: 0,
        sugars: 0,
        saturatedFat: 0,
        salt: 0,
        protein: 0,
        fiber: 0,
        fruitVegLegumePercent: 0,
        sweeteners: true,
      }).negative.total,
    ).toBe(4);
  });
});
