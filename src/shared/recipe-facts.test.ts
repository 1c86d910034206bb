import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../server/lib/csv.ts';
import { foodFacts } from './food-facts.ts';
import { computeNutriScore } from './nutriscore.ts';
import { computeNutrition, NUTRIENTS, type Nutrient, type Per100g } from './nutrition.ts';
import {
  computeRecipeFacts,
  RECIPE_FACTS_VERSION,
  type RecipeFactsInput,
  type RecipeFactsLine,
} from './recipe-facts.ts';
import type { Unit } from './units.ts';

const COLUMNS: Record<Nutrient, string> = {
  energyKj: 'nrj_kj',
  energyKcal: 'nrj_kcal',
  water: 'eau_g',
  protein: 'proteines_g',
  carbs: 'glucides_g',
  sugars: 'sucres_g',
  fiber: 'fibres_g',
  fat: 'lipides_g',
  saturatedFat: 'ag_satures_g',
  salt: 'sel_g',
};
const foods = new Map(
  parseCsvRecords(readFileSync(path.join(import.meta.dirname, '../../data/ciqual/ciqual.csv'), 'utf8')).map((r) => [
    Number(r.code),
    r,
  ]),
);

/** A line of a Ciqual food, as the server builds it from the catalogue. */
function line(code: number, quantity: number, unit: Unit = 'g', gramsPerUnit: number | null = null): RecipeFactsLine {
  const row = foods.get(code);
  if (!row) throw new Error(`no Ciqual food ${code}`);
  const per100g = Object.fromEntries(
    NUTRIENTS.map((n) => [n, row[COLUMNS[n]] ? Number(row[COLUMNS[n]]) : null]),
  ) as Per100g;
  return {
    name: row.name!,
    quantity,
    unit,
    gramsPerUnit,
    per100g,
    ...foodFacts({ name: row.name!, group: row.group, subgroup: row.subgroup }),
  };
}

const recipe = (lines: RecipeFactsLine[], patch: Partial<RecipeFactsInput> = {}): RecipeFactsInput => ({
  servings: 4,
  cookedWeightG: null,
  fruitVegLegumePercent: null,
  allergensDeclared: false,
  lines,
  ...patch,
});

// The quiche of issue 15: pâte brisée, œufs, crème, gruyère.
const quiche = () => [line(23414, 230), line(22000, 3, 'unité', 55), line(19410, 200), line(12114, 100)];
const PATE = 'Pâte brisée, pur beurre, préemballée, crue';

describe('computeRecipeFacts', () => {
  it('gives the quiche its allergens to confirm, with the ingredients that imply them, unverified until declared', () => {
    const facts = computeRecipeFacts(recipe(quiche()));
    expect(facts.allergenSuggestions).toEqual([
      { allergen: 'Gluten', sources: [PATE] },
      { allergen: 'Œufs', sources: ['Oeuf cru'] },
      {
        allergen: 'Lait',
        sources: [PATE, 'Crème 30% MG, épaisse, rayon frais', 'Gruyère, sans précision (origine France ou Suisse)'],
      },
    ]);
    expect(facts.allergenStatus).toBe('unverified');
    expect(computeRecipeFacts(recipe(quiche(), { allergensDeclared: true })).allergenStatus).toBe('declared');
    expect(facts.lines).toEqual([
      { suggestedAllergens: ['Gluten', 'Lait'], redMeat: false, meatKind: null },
      { suggestedAllergens: ['Œufs'], redMeat: false, meatKind: null },
      { suggestedAllergens: ['Lait'], redMeat: false, meatKind: null },
      { suggestedAllergens: ['Lait'], redMeat: false, meatKind: null },
    ]);
    expect(facts.version).toBe(RECIPE_FACTS_VERSION);
  });

  it('sums the nutrition of the lines, « unité » by its weight, and rounds the headline values per serving', () => {
    const lines = quiche();
    const facts = computeRecipeFacts(recipe(lines));
    const expected = computeNutrition(lines, 4);
    // Ciqual has no water value for the pastry: named, though not one of the headline values.
    expect(facts.nutrition).toEqual({
      totalGrams: 230 + 165 + 200 + 100,
      totals: expected.totals,
      missing: { water: [PATE] },
      partial: false,
      redMeat: false,
    });
    // Energy by hand from Ciqual (kcal/100 g): pâte 390, œuf cru 140, crème 30 % 292, gruyère 408.
    const kcal =
      (390 * 230 + Number(foods.get(22000)!.nrj_kcal) * 165 + Number(foods.get(19410)!.nrj_kcal) * 200 + 408 * 100) /
      100;
    expect(facts.caloriesPerServing).toBe(Math.round(kcal / 4));
    expect(facts.proteinPerServing).toBe(Math.round((expected.totals.protein! / 4) * 10) / 10);
  });

  it('says which value is missing for the niçoise at 55 % instead of no grade and no reason', () => {
    const nicoise = [
      line(20276, 300),
      line(20061, 150),
      line(26180, 120),
      line(22010, 100),
      line(13032, 40),
      line(26694, 20),
      line(17270, 20),
    ];
    const facts = computeRecipeFacts(recipe(nicoise, { fruitVegLegumePercent: 55 }));
    expect(facts.nutriScore).toEqual({
      available: false,
      reasons: [
        "Sucres inconnus pour : Thon à l'huile de tournesol, entier, appertisé, égoutté, Anchois, filets, salés, à l'huile d'olive, semi-conserve, égouttés",
      ],
      reason:
        "Sucres inconnus pour : Thon à l'huile de tournesol, entier, appertisé, égoutté, Anchois, filets, salés, à l'huile d'olive, semi-conserve, égouttés.",
    });
    expect(computeRecipeFacts(recipe(nicoise)).nutriScore).toMatchObject({
      reasons: expect.arrayContaining(['Part de fruits, légumes et légumineuses manquante']),
    });
    // Tuna in water and marinated anchovies, whose sugars Ciqual knows: a grade.
    const known = [
      line(20276, 300),
      line(20061, 150),
      line(26039, 120),
      line(22010, 100),
      line(13032, 40),
      line(26000, 20),
      line(17270, 20),
    ];
    expect(computeRecipeFacts(recipe(known, { fruitVegLegumePercent: 55 })).nutriScore).toMatchObject({
      available: true,
      letter: expect.stringMatching(/^[A-E]$/),
    });
  });

  it('names a line without a weight once, and scores per 100 g of the cooked dish', () => {
    const unweighed = computeRecipeFacts(
      recipe([line(22000, 2, 'unité', null), line(4003, 500)], { fruitVegLegumePercent: 0 }),
    );
    expect(unweighed.nutriScore).toMatchObject({ available: false, reasons: ['Poids inconnu pour : Oeuf cru'] });

    // 1 kg of boiled potatoes reduced to 250 g: per 100 g of the dish, everything × 4.
    const potatoes = [line(4003, 1000)];
    const reduced = computeRecipeFacts(recipe(potatoes, { fruitVegLegumePercent: 0, cookedWeightG: 250 }));
    const t = reduced.nutrition.totals;
    const per100 = (n: Nutrient) => (t[n]! * 100) / 250;
    const byHand = computeNutriScore({
      energyKj: per100('energyKj'),
      sugars: per100('sugars'),
      saturatedFat: per100('saturatedFat'),
      salt: per100('salt'),
      protein: per100('protein'),
      fiber: per100('fiber'),
      fruitVegLegumePercent: 0,
    });
    expect(reduced.nutriScore).toEqual({ available: true, letter: byHand.letter, score: byHand.score });
    expect(computeRecipeFacts(recipe(potatoes, { fruitVegLegumePercent: 0 })).nutriScore).not.toEqual(
      reduced.nutriScore,
    );
  });

  it('caps protein for a dish that is at least half red meat', () => {
    const steak = (grams: number) => [line(6254, grams), line(4003, 200)];
    expect(computeRecipeFacts(recipe(steak(200))).nutrition.redMeat).toBe(true);
    expect(computeRecipeFacts(recipe(steak(150))).nutrition.redMeat).toBe(false);
    const capped = computeRecipeFacts(recipe(steak(200), { fruitVegLegumePercent: 0 })).nutriScore;
    const uncapped = computeRecipeFacts(
      recipe(
        steak(200).map((l) => ({ ...l, redMeat: false })),
        { fruitVegLegumePercent: 0 },
      ),
    ).nutriScore;
    expect(capped.available && uncapped.available && capped.score > uncapped.score).toBe(true);
  });
});
