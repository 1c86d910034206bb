import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recipeMargins } from '../../shared/costs.ts';
import type { Per100g } from '../../shared/nutrition.ts';
import { factsFromSources, type FactsLineSource } from './recipe-facts-store.ts';
import { subRecipeGrams, subRecipeSource, type LineSource } from './recipe-line-sources.ts';

const per100g = (energyKcal: number, fat: number): Per100g => ({
  energyKj: null,
  energyKcal,
  water: null,
  protein: 0,
  carbs: 0,
  sugars: null,
  fiber: null,
  fat,
  saturatedFat: null,
  salt: null,
});
const source = (
  name: string,
  kcal: number,
  fat: number,
  costPerGram: number | null,
  allergens: string[] = [],
): LineSource => ({
  name,
  per100g: per100g(kcal, fat),
  facts: { suggestedAllergens: [], redMeat: false },
  allergens,
  traces: [],
  costPerGram,
});
const line = (src: LineSource, grams: number): FactsLineSource => ({
  quantity: grams,
  unit: 'g',
  gramsPerUnit: null,
  gramsPerMl: null,
  source: src,
});
const fields = (servings: number, cookedWeightG: number | null = null) => ({
  servings,
  cookedWeightG,
  fruitVegLegumePercent: null,
  allergensDeclared: true,
  ownAllergens: [],
  ownTraces: [],
});
const asSub = (name: string, servings: number, cookedWeightG: number | null, facts: unknown, allergens: string[]) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name,
  servings,
  cooked_weight_g: cookedWeightG,
  allergens,
  traces: [],
  facts,
});

describe('a quiche on a pâte brisée maison (hand-computed)', () => {
  // Farine T55 at 1,20 €/kg (364 kcal, 1 g fat per 100 g); beurre at 10 €/kg (745 kcal, 82 g fat).
  const flour = source('Farine T55', 364, 1, 1.2 / 1000, ['Gluten']);
  const butter = source('Beurre doux', 745, 82, 10 / 1000, ['Lait']);
  // 250 g flour + 125 g butter = 375 g raw, 300 g once baked: a 20 % cooking loss.
  const pastry = factsFromSources(fields(6, 300), [line(flour, 250), line(butter, 125)]);

  it('the pastry: 0,30 € + 1,25 € = 1,55 €, 910 + 931,25 = 1 841,25 kcal', () => {
    expect(pastry.cost.total).toBeCloseTo(1.55, 10);
    expect(pastry.nutrition.totals.energyKcal).toBeCloseTo(1841.25, 10);
    expect(pastry.allergens).toEqual(['Gluten', 'Lait']);
  });

  it('150 g of baked pastry bring half of it: per gram served, not raw (the 20 % loss concentrates it)', () => {
    const sub = asSub('Pâte brisée maison', 6, 300, pastry, pastry.allergens);
    const pastrySource = subRecipeSource(sub);
    // 1,55 € ÷ 300 g served; 1 841,25 kcal ÷ 300 g × 100.
    expect(pastrySource.costPerGram).toBeCloseTo(1.55 / 300, 12);
    expect(pastrySource.per100g.energyKcal).toBeCloseTo(613.75, 10);
    // Eggs at 0,25 € each of 50 g (140 kcal, 10 g fat per 100 g); crème at 4 €/kg (292 kcal, 30 g fat).
    const eggs = source('Œufs', 140, 10, 0.25 / 50, ['Œufs']);
    const cream = source('Crème 30 %', 292, 30, 4 / 1000, ['Lait']);
    const quiche = factsFromSources(fields(6), [line(pastrySource, 150), line(eggs, 150), line(cream, 200)]);
    // 0,775 + 0,75 + 0,80 = 2,325 € for 6 portions = 0,3875 € a portion.
    expect(quiche.cost.total).toBeCloseTo(2.325, 10);
    expect(quiche.cost.perServing).toBeCloseTo(0.3875, 10);
    // 920,625 + 210 + 584 kcal.
    expect(quiche.nutrition.totals.energyKcal).toBeCloseTo(1714.625, 9);
    expect(quiche.allergens).toEqual(['Gluten', 'Œufs', 'Lait']);
    // Sold 4,40 € TTC on site: 4,00 € HT, 9,7 % « coût matière », coefficient 10,32.
    expect(recipeMargins(quiche.cost.perServing, 4.4, 'sur_place')).toEqual({
      priceHt: 4,
      foodCostPercent: 9.7,
      coefficient: 10.32,
    });
    // Two portions of the pastry = 100 g served of 300 g for 6 portions.
    expect(subRecipeGrams(2, 'portion', sub)).toBeCloseTo(100, 10);
  });

  it('a line without a price makes the cost incomplete, at every level, never smaller', () => {
    const salt = source('Sel (Ciqual)', 0, 0, null);
    const unpriced = factsFromSources(fields(6, 300), [line(flour, 250), line(butter, 125), line(salt, 5)]);
    expect(unpriced.cost).toEqual({ total: null, perServing: null, missing: ['Sel (Ciqual)'] });
    const parent = factsFromSources(fields(6), [line(subRecipeSource(asSub('Pâte', 6, 300, unpriced, [])), 150)]);
    expect(parent.cost.perServing).toBeNull();
    expect(parent.cost.missing).toEqual(['Pâte']);
    expect(recipeMargins(parent.cost.perServing, 4.4, 'sur_place')).toEqual({
      priceHt: 4,
      foodCostPercent: null,
      coefficient: null,
    });
  });
});

describe('margins', () => {
  it('take-away divides the TTC price by 1,055', () => {
    // 5,50 € TTC to take away = 5,21 € HT; cost 1,30 € → 24,9 %, coefficient 4,01.
    expect(recipeMargins(1.3, 5.5, 'a_emporter')).toEqual({ priceHt: 5.21, foodCostPercent: 24.9, coefficient: 4.01 });
    expect(recipeMargins(1.3, null, 'sur_place')).toEqual({ priceHt: null, foodCostPercent: null, coefficient: null });
  });
});

const priced = fc.record({
  grams: fc.double({ min: 0.5, max: 5000, noNaN: true }),
  kcal: fc.double({ min: 0, max: 900, noNaN: true }),
  fat: fc.double({ min: 0, max: 100, noNaN: true }),
  euroPerKg: fc.double({ min: 0.01, max: 200, noNaN: true }),
});
const linesOf = (list: { grams: number; kcal: number; fat: number; euroPerKg: number }[], prefix: string) =>
  list.map((l, i) => line(source(`${prefix}${i}`, l.kcal, l.fat, l.euroPerKg / 1000), l.grams));

describe('properties (fast-check)', () => {
  it('costs are additive: a recipe of the lines of A and B costs A + B', () => {
    fc.assert(
      fc.property(
        fc.array(priced, { minLength: 1, maxLength: 8 }),
        fc.array(priced, { minLength: 1, maxLength: 8 }),
        (a, b) => {
          const costA = factsFromSources(fields(1), linesOf(a, 'a')).cost.total!;
          const costB = factsFromSources(fields(1), linesOf(b, 'b')).cost.total!;
          const both = factsFromSources(fields(1), [...linesOf(a, 'a'), ...linesOf(b, 'b')]).cost.total!;
          expect(both).toBeCloseTo(costA + costB, 6);
        },
      ),
    );
  });

  it('a sub-recipe used at its full yield weight adds exactly its own totals', () => {
    fc.assert(
      fc.property(
        fc.array(priced, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 0.3, max: 1.5, noNaN: true }),
        (list, servings, yieldRatio) => {
          const raw = list.reduce((sum, l) => sum + l.grams, 0);
          const cooked = Math.round(raw * yieldRatio * 10) / 10 || 0.1;
          const sub = factsFromSources(fields(servings, cooked), linesOf(list, 's'));
          const parent = factsFromSources(fields(1), [
            line(subRecipeSource(asSub('Sous-recette', servings, cooked, sub, [])), cooked),
          ]);
          expect(parent.cost.total).toBeCloseTo(sub.cost.total!, 6);
          expect(parent.nutrition.totals.energyKcal).toBeCloseTo(sub.nutrition.totals.energyKcal!, 6);
          expect(parent.nutrition.totals.fat).toBeCloseTo(sub.nutrition.totals.fat!, 6);
          // By portion: all its portions are the same weight.
          expect(subRecipeGrams(servings, 'portion', asSub('Sous-recette', servings, cooked, sub, []))).toBeCloseTo(
            cooked,
            6,
          );
        },
      ),
    );
  });
});
