import { describe, expect, it } from 'vitest';
import { ciqualLine, ciqualRow } from '../server/test/ciqual-lines.ts';
import { computeNutriScore } from './nutriscore.ts';
import { computeNutrition, type Nutrient } from './nutrition.ts';
import {
  computeRecipeFacts,
  RECIPE_FACTS_VERSION,
  type RecipeFactsInput,
  type RecipeFactsLine,
} from './recipe-facts.ts';

const foods = { get: (code: number) => ciqualRow(code) };
/** A line of a Ciqual food, as the server builds it. */
const line = ciqualLine;

const recipe = (lines: RecipeFactsLine[], patch: Partial<RecipeFactsInput> = {}): RecipeFactsInput => ({
  servings: 4,
  cookedWeightG: null,
  fruitVegLegumePercent: null,
  allergensDeclared: false,
  lines,
  ...patch,
});

// The quiche of the allergen-status tests: pâte brisée, œufs, crème, gruyère.
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
      { suggestedAllergens: ['Gluten', 'Lait'], redMeat: false, meatKind: null, nutriKind: 'savoury' },
      { suggestedAllergens: ['Œufs'], redMeat: false, meatKind: null, nutriKind: 'savoury' },
      { suggestedAllergens: ['Lait'], redMeat: false, meatKind: null, nutriKind: null },
      { suggestedAllergens: ['Lait'], redMeat: false, meatKind: null, nutriKind: 'cheese' },
    ]);
    expect(facts.version).toBe(RECIPE_FACTS_VERSION);
  });

  it('never applies what a pesto or a surimi suggests: the owner confirms, or writes their own list', () => {
    // Pâtes cuites, sauce pesto, surimi: recipes that vary from one kitchen to the next.
    const lines = [line(9811, 300), line(11179, 60), line(26046, 120)];
    const facts = computeRecipeFacts(recipe(lines));
    expect(facts.allergenSuggestions.map((s) => s.allergen)).toEqual([
      'Gluten',
      'Crustacés',
      'Œufs',
      'Poissons',
      'Lait',
    ]);
    expect(facts.allergenStatus).toBe('unverified');
    expect(facts.allergens).toEqual([]);
    // The owner's own reading (their pesto has cashews, their surimi no crab) is what is declared.
    const own = ['Gluten', 'Œufs', 'Poissons', 'Lait', 'Fruits à coque'];
    const declared = computeRecipeFacts(recipe(lines, { allergensDeclared: true, ownAllergens: own }));
    expect(declared.allergens).toEqual(own);
    expect(declared.allergenStatus).toBe('declared');
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
    expect(facts.nutriScore).toMatchObject({
      available: false,
      category: 'general',
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
    expect(reduced.nutriScore).toMatchObject({ available: true, letter: byHand.letter, score: byHand.score });
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
