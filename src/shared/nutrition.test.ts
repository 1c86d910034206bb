import { describe, expect, it } from 'vitest';
import { computeNutrition, type Per100g } from './nutrition.ts';
import { toGrams } from './units.ts';

const food = (values: Partial<Per100g>): Per100g => ({
  energyKj: null,
  energyKcal: null,
  water: null,
  protein: null,
  carbs: null,
  sugars: null,
  fiber: null,
  fat: null,
  saturatedFat: null,
  salt: null,
  ...values,
});

// Ciqual 2025 values (data/ciqual/ciqual.csv).
const potato = food({ energyKcal: 81, protein: 1.8, carbs: 16.8, fat: 0.34 }); // 4003
const butter = food({ energyKcal: 753, protein: 0.64, carbs: 0.71, fat: 83 }); // 16400
const milk = food({ energyKcal: 47.7, protein: 3.48, carbs: 5, fat: 1.56 }); // 19041
const egg = food({ energyKcal: 140, protein: 12.8, carbs: 0.06, fat: 9.83 }); // 22000

describe('toGrams', () => {
  it('converts every unit (density 1 for liquids)', () => {
    expect(toGrams(250, 'g')).toBe(250);
    expect(toGrams(1.5, 'kg')).toBe(1500);
    expect(toGrams(200, 'ml')).toBe(200);
    expect(toGrams(0.5, 'l')).toBe(500);
    expect(toGrams(3, 'unité', 60)).toBe(180);
    expect(toGrams(3, 'unité')).toBeNull();
  });

  it('weighs a volume with the line density (docs/product/decisions.md 17), 1 g/ml without one', () => {
    expect(toGrams(100, 'ml', null, 0.92)).toBeCloseTo(92);
    expect(toGrams(0.5, 'l', null, 1.43)).toBeCloseTo(715);
    expect(toGrams(100, 'ml', null, null)).toBe(100);
    // A density means nothing for a weight or a unit.
    expect(toGrams(100, 'g', null, 0.92)).toBe(100);
    expect(toGrams(2, 'unité', 17, 0.92)).toBe(34);
  });
});

describe('computeNutrition', () => {
  it('purée for 4: 1 kg potatoes, 50 g butter, 0.2 l milk (hand-computed)', () => {
    // kcal: 810 + 376.5 + 95.4 = 1281.9 → /4 = 320.475 → 320
    // protein: 18 + 0.32 + 6.96 = 25.28 → 6.32 → 6.3
    // carbs: 168 + 0.355 + 10 = 178.355 → 44.58875 → 44.6
    // fat: 3.4 + 41.5 + 3.12 = 48.02 → 12.005 → 12.0
    const result = computeNutrition(
      [
        { name: 'Pomme de terre', quantity: 1, unit: 'kg', per100g: potato },
        { name: 'Beurre', quantity: 50, unit: 'g', per100g: butter },
        { name: 'Lait', quantity: 0.2, unit: 'l', per100g: milk },
      ],
      4,
    );
    expect(result.totalGrams).toBe(1250);
    expect(result.caloriesPerServing).toBe(320);
    expect(result.proteinPerServing).toBe(6.3);
    expect(result.carbsPerServing).toBe(44.6);
    expect(result.fatPerServing).toBe(12);
    expect(result.partial).toBe(false);
  });

  it('uses the grams per unit of « unité » lines', () => {
    // 3 eggs of 55 g = 165 g: 231 kcal, 21.12 g protein → per 2 servings 115.5 → 116 kcal, 10.6 g
    const result = computeNutrition([{ name: 'Oeuf', quantity: 3, unit: 'unité', gramsPerUnit: 55, per100g: egg }], 2);
    expect(result.caloriesPerServing).toBe(116);
    expect(result.proteinPerServing).toBe(10.6);
  });

  it('treats a gap as unknown, not zero, and names the ingredient', () => {
    const mystery = food({ energyKcal: null, protein: 2, carbs: 10, fat: 1 });
    const result = computeNutrition(
      [
        { name: 'Beurre', quantity: 100, unit: 'g', per100g: butter },
        { name: 'Aliment sans énergie', quantity: 100, unit: 'g', per100g: mystery },
      ],
      1,
    );
    expect(result.caloriesPerServing).toBe(753);
    expect(result.partial).toBe(true);
    expect(result.missing.energyKcal).toEqual(['Aliment sans énergie']);
    expect(result.missing.protein).toBeUndefined();
    expect(result.proteinPerServing).toBe(2.6);
  });

  it('is null, not zero, when no ingredient has the value', () => {
    const result = computeNutrition([{ name: 'X', quantity: 100, unit: 'g', per100g: food({}) }], 1);
    expect(result.caloriesPerServing).toBeNull();
    expect(result.partial).toBe(true);
  });

  it('does not count a zero-quantity line as missing', () => {
    const result = computeNutrition([{ name: 'X', quantity: 0, unit: 'g', per100g: food({}) }], 1);
    expect(result.partial).toBe(false);
  });

  it('marks a « unité » line without weight as missing everywhere', () => {
    const result = computeNutrition([{ name: 'Oeuf', quantity: 2, unit: 'unité', per100g: egg }], 1);
    expect(result.missing.energyKcal).toEqual(['Oeuf']);
    expect(result.caloriesPerServing).toBeNull();
  });
});
