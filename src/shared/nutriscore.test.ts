import { describe, expect, it } from 'vitest';
import { computeNutriScore, fruitVegetablePoints, letterFor } from './nutriscore.ts';

describe('Nutri-Score (2023 algorithm)', () => {
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

  it('uses the letter and fruit/vegetable boundaries of each table', () => {
    expect([0, 1, 2, 3, 10, 11, 18, 19].map((s) => letterFor(s))).toEqual(['A', 'B', 'B', 'C', 'C', 'D', 'D', 'E']);
    // Fats, oils, nuts and seeds: A up to −6 (lib/ProductOpener/Nutriscore.pm, compute_nutriscore_grade_2023).
    expect([-7, -6, -5, 2, 3, 10, 11, 18, 19].map((s) => letterFor(s, 'fats'))).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'E',
    ]);
    // Beverages are never A; water always is.
    expect([-10, 2, 3, 6, 7, 9, 10].map((s) => letterFor(s, 'beverage'))).toEqual(['B', 'B', 'C', 'C', 'D', 'D', 'E']);
    expect([-10, 0, 30].map((s) => letterFor(s, 'water'))).toEqual(['A', 'A', 'A']);
    expect([40, 40.1, 60, 60.1, 80, 80.1].map(fruitVegetablePoints)).toEqual([0, 1, 1, 2, 2, 5]);
  });

  it('counts non-nutritive sweeteners for beverages only', () => {
    const zero = { energyKj: 0, sugars: 0, saturatedFat: 0, salt: 0, protein: 0, fiber: 0, fruitVegLegumePercent: 0 };
    expect(computeNutriScore({ ...zero, sweeteners: true, category: 'beverage' }).negative.sweeteners).toBe(4);
    expect(computeNutriScore({ ...zero, sweeteners: true }).negative.total).toBe(0);
  });

  it('no longer counts protein from 11 negative points, even with the most vegetables (2023 rule)', () => {
    // 1400 kJ → 4; sugars 3 → 0; saturates 4.5 → 4; salt 0.7 → 3; N = 11, so protein 18 (7 points) does
    // not count; fibre 0; 85 % vegetables → 5. Score 6 → C (the 2017 rule counted protein: −1 → A).
    const r = computeNutriScore({
      energyKj: 1400,
      sugars: 3,
      saturatedFat: 4.5,
      salt: 0.7,
      protein: 18,
      fiber: 0,
      fruitVegLegumePercent: 85,
    });
    expect(r.negative.total).toBe(11);
    expect(r.positive).toMatchObject({ protein: 7, proteinCounted: false, total: 5 });
    expect(r).toMatchObject({ score: 6, letter: 'C' });
  });

  it('always counts protein for a cheese (Camembert values of Ciqual 12001, by hand)', () => {
    // 1160 kJ → 3; sugars 0 → 0; saturates 15.8 → 10; salt 1.45 → 7; N = 20.
    // protein 19.5 → 7, counted for a cheese; fibre 0; FVL 0; P = 7. Score 13 → D; as a general food 20 → E.
    const camembert = {
      energyKj: 1160,
      sugars: 0,
      saturatedFat: 15.8,
      salt: 1.45,
      protein: 19.5,
      fiber: 0,
      fruitVegLegumePercent: 0,
    };
    expect(computeNutriScore({ ...camembert, category: 'cheese' })).toMatchObject({
      score: 13,
      letter: 'D',
      category: 'cheese',
      positive: { protein: 7, proteinCounted: true, total: 7 },
    });
    expect(computeNutriScore(camembert)).toMatchObject({ score: 20, letter: 'E', category: 'general' });
  });

  it('scores fats from the energy of saturates and the saturates/lipids ratio (ratio counted from ≥)', () => {
    // Butter 82 g fat, 55 g saturates: 55 × 37 = 2035 kJ → 10; ratio 67 % → 10; salt 0.05 → 0; N = 20.
    // Protein 0.7 not counted (N ≥ 7). Score 20 → E.
    const butter = { energyKj: 3000, sugars: 0.6, saturatedFat: 55, fat: 82, salt: 0.05, protein: 0.7, fiber: 0 };
    expect(computeNutriScore({ ...butter, fruitVegLegumePercent: 0, category: 'fats' })).toMatchObject({
      negative: { energy: 10, saturatedFat: 10, total: 20 },
      positive: { proteinCounted: false },
      score: 20,
      letter: 'E',
    });
    // A ratio of exactly 10 % gives 1 point; no fat gives a ratio of 0.
    const ten = {
      energyKj: 0,
      sugars: 0,
      salt: 0,
      protein: 0,
      fiber: 0,
      fruitVegLegumePercent: 0,
      category: 'fats' as const,
    };
    expect(computeNutriScore({ ...ten, saturatedFat: 1, fat: 10 }).negative.saturatedFat).toBe(1);
    expect(computeNutriScore({ ...ten, saturatedFat: 0.999, fat: 10 }).negative.saturatedFat).toBe(0);
    expect(computeNutriScore({ ...ten, saturatedFat: 0, fat: 0 }).negative.saturatedFat).toBe(0);
  });
});
