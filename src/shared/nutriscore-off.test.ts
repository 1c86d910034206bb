import { describe, expect, it } from 'vitest';
import {
  computeNutriScore,
  NUTRISCORE_THRESHOLDS,
  pointsIn,
  type NutriScoreCategory,
  type NutriScoreLetter,
  type NutriScoreTable,
} from './nutriscore.ts';
import { NUTRIENTS, type Nutrient } from './nutrition.ts';
import { recipeNutriScore } from './recipe-nutrition.ts';

/**
 * The Nutri-Score 2023 unit-test products of Open Food Facts, the reference implementation
 * (github.com/openfoodfacts/openfoodfacts-server): inputs from tests/unit/nutriscore.t, expected
 * points, score and grade from tests/unit/expected_test_results/nutriscore/<product>.json, block
 * `nutriscore.2023`, at the commit named. The category is the expected result's `is_beverage`,
 * `is_water`, `is_fat_oil_nuts_seeds`, `is_red_meat_product` flags; the fruit/vegetable/legume
 * share is the one Open Food Facts estimated (in NutriCarte the owner gives it). Open Food Facts
 * gives salt as sodium × 2.5 where a product states sodium; the salt below is that product.
 * Where the reference had no value for fibre it counted 0 (`fiber: 0` below); NutriCarte
 * withholds the grade instead (src/shared/recipe-nutrition.ts), which this table does not test.
 * 49 products are graded here (general foods, beverages, water, fats), 4 more are the reference's
 * « unknown » for a missing value (below), and 13 assertions check the tables' thresholds. The
 * reference has no cheese among its test products: src/shared/nutriscore.test.ts works Ciqual's
 * Camembert by hand from lib/ProductOpener/Nutriscore.pm. Left out: pl-pickled-vegetables and
 * cookies-with-only-prepared-nutrition-data, whose stored expected results grade products with
 * no nutrient as A (a null read as 0, which NutriCarte never does), and honey, graded by the
 * 2021 algorithm only.
 */
const FILE = 'tests/unit/expected_test_results/nutriscore';

interface OffCase {
  product: string;
  commit: string;
  category: NutriScoreCategory;
  energyKj: number;
  sugars: number;
  saturatedFat: number;
  fat?: number;
  salt: number;
  protein: number;
  fiber: number;
  fruitVegLegumePercent: number;
  sweeteners?: boolean;
  redMeat?: boolean;
  /** Expected by the reference: negative and positive totals, score, grade. */
  negative: number;
  positive: number;
  score: number;
  grade: NutriScoreLetter;
}

const C01fe = '01fe6f8eb393ea6234119bc6018f2577926a4605';
const C00d7 = '00d7faf61b17e0eed736ea820ff56495df5d304d';
const C01a2 = '01a263f48b7c7af1200b18d0acbe28407e24d6af';

const general = { category: 'general' } as const;
const beverage = { category: 'beverage' } as const;
const fats = { category: 'fats', energyKj: 3400 } as const;
const oil = { sugars: 0, salt: 0, protein: 0, fiber: 0 };

const CASES: OffCase[] = [
  // General foods
  {
    product: 'cookies',
    commit: C01fe,
    ...general,
    energyKj: 3460,
    sugars: 0,
    saturatedFat: 15,
    salt: 0,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 20,
    positive: 0,
    score: 20,
    grade: 'E',
  },
  {
    product: 'breakfast-cereals',
    commit: C01fe,
    ...general,
    energyKj: 2450,
    sugars: 31,
    saturatedFat: 1.03,
    salt: 0.5525,
    protein: 10.3,
    fiber: 6.9,
    fruitVegLegumePercent: 0,
    negative: 18,
    positive: 4,
    score: 14,
    grade: 'D',
  },
  {
    product: 'mushrooms',
    commit: C01fe,
    ...general,
    energyKj: 667,
    sugars: 1.1,
    saturatedFat: 1.2,
    salt: 1,
    protein: 2.4,
    fiber: 10.9,
    fruitVegLegumePercent: 69,
    negative: 6,
    positive: 7,
    score: -1,
    grade: 'A',
  },
  {
    product: 'fr-gaspacho',
    commit: C01fe,
    ...general,
    energyKj: 148,
    sugars: 3,
    saturatedFat: 0.2,
    salt: 0.5,
    protein: 0.9,
    fiber: 1.1,
    fruitVegLegumePercent: 94.9997,
    negative: 2,
    positive: 5,
    score: -3,
    grade: 'A',
  },
  {
    product: 'cocoa-and-chocolate-powders',
    commit: C00d7,
    ...general,
    energyKj: 287,
    sugars: 6.3,
    saturatedFat: 1.1,
    salt: 0.1125,
    protein: 3.8,
    fiber: 1.9,
    fruitVegLegumePercent: 0,
    negative: 2,
    positive: 1,
    score: 1,
    grade: 'B',
  },
  {
    product: 'en-potatoes-category',
    commit: C01fe,
    ...general,
    energyKj: 182,
    sugars: 8.9,
    saturatedFat: 0,
    salt: 0.5,
    protein: 0.2,
    fiber: 0.5,
    fruitVegLegumePercent: 0,
    negative: 4,
    positive: 0,
    score: 4,
    grade: 'C',
  },
  {
    product: 'en-sugar-estimated-nutrients',
    commit: C00d7,
    ...general,
    energyKj: 1700,
    sugars: 99.8,
    saturatedFat: 0,
    salt: 0.0054,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 20,
    positive: 0,
    score: 20,
    grade: 'E',
  },
  {
    product: 'en-apple-estimated-nutrients',
    commit: C01fe,
    ...general,
    energyKj: 207,
    sugars: 10.1,
    saturatedFat: 0.021,
    salt: 0,
    protein: 0.27,
    fiber: 1.3,
    fruitVegLegumePercent: 100,
    negative: 3,
    positive: 5,
    score: -2,
    grade: 'A',
  },
  {
    product: 'en-dill',
    commit: '0b56996126f2aca22f23409641d4cdea24154100',
    ...general,
    energyKj: 202,
    sugars: 1.2,
    saturatedFat: 0.27,
    salt: 0.15,
    protein: 3.93,
    fiber: 3.5,
    fruitVegLegumePercent: 100,
    negative: 0,
    positive: 7,
    score: -7,
    grade: 'A',
  },
  {
    product: 'en-cherry-tomatoes',
    commit: C01fe,
    ...general,
    energyKj: 81,
    sugars: 2.48,
    saturatedFat: 0.056,
    salt: 0,
    protein: 0.86,
    fiber: 1.2,
    fruitVegLegumePercent: 100,
    negative: 0,
    positive: 5,
    score: -5,
    grade: 'A',
  },
  {
    product: 'en-soy-beans-processed-and-unprocessed',
    commit: C01fe,
    ...general,
    energyKj: 82,
    sugars: 1.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 20,
    fiber: 0,
    fruitVegLegumePercent: 55,
    negative: 0,
    positive: 8,
    score: -8,
    grade: 'A',
  },
  {
    product: 'en-vegetable-crisps',
    commit: C01fe,
    ...general,
    energyKj: 82,
    sugars: 1.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 20,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 0,
    positive: 7,
    score: -7,
    grade: 'A',
  },
  {
    product: 'fr-coconut-milk',
    commit: C01fe,
    ...general,
    energyKj: 178,
    sugars: 0.5,
    saturatedFat: 0.6,
    salt: 0.03,
    protein: 3.9,
    fiber: 0.5,
    fruitVegLegumePercent: 60,
    negative: 0,
    positive: 2,
    score: -2,
    grade: 'A',
  },
  {
    product: 'fr-green-beans-beverage',
    commit: C01fe,
    ...general,
    energyKj: 315,
    sugars: 3.6,
    saturatedFat: 0.1,
    salt: 0.8,
    protein: 5,
    fiber: 5.3,
    fruitVegLegumePercent: 10,
    negative: 4,
    positive: 5,
    score: -1,
    grade: 'A',
  },
  {
    product: 'fr-canned-green-beans',
    commit: C00d7,
    ...general,
    energyKj: 315,
    sugars: 3.6,
    saturatedFat: 0.1,
    salt: 1.2,
    protein: 5,
    fiber: 5.3,
    fruitVegLegumePercent: 50,
    negative: 6,
    positive: 6,
    score: 0,
    grade: 'A',
  },
  {
    product: 'fr-canned-pineapple',
    commit: C01fe,
    ...general,
    energyKj: 315,
    sugars: 3.6,
    saturatedFat: 0.1,
    salt: 1.2,
    protein: 5,
    fiber: 5.3,
    fruitVegLegumePercent: 10,
    negative: 6,
    positive: 5,
    score: 1,
    grade: 'B',
  },
  // Red meat: protein points capped at 2 (is_red_meat_product)
  {
    product: 'en-red-meat-category-no-ingredients',
    commit: C00d7,
    ...general,
    redMeat: true,
    energyKj: 82,
    sugars: 0,
    saturatedFat: 10,
    salt: 0,
    protein: 50,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 9,
    positive: 2,
    score: 7,
    grade: 'C',
  },
  {
    product: 'en-red-meat-ambiguous-category-ingredients-with-lots-of-meat',
    commit: C01fe,
    ...general,
    redMeat: true,
    energyKj: 82,
    sugars: 0,
    saturatedFat: 10,
    salt: 0,
    protein: 50,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 9,
    positive: 2,
    score: 7,
    grade: 'C',
  },
  {
    product: 'en-red-meat-ambiguous-category-no-ingredients',
    commit: C01fe,
    ...general,
    energyKj: 82,
    sugars: 0,
    saturatedFat: 10,
    salt: 0,
    protein: 50,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 9,
    positive: 7,
    score: 2,
    grade: 'B',
  },
  {
    product: 'en-red-meat-ambiguous-category-ingredients-with-no-meat',
    commit: C01fe,
    ...general,
    energyKj: 82,
    sugars: 0,
    saturatedFat: 10,
    salt: 0,
    protein: 50,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 9,
    positive: 7,
    score: 2,
    grade: 'B',
  },
  {
    product: 'en-red-meat-ambiguous-category-ingredients-with-very-little-meat',
    commit: C01fe,
    ...general,
    energyKj: 82,
    sugars: 0,
    saturatedFat: 10,
    salt: 0,
    protein: 50,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 9,
    positive: 7,
    score: 2,
    grade: 'B',
  },
  // Beverages (milk and plant drinks are beverages in 2023)
  {
    product: 'milk',
    commit: C01fe,
    ...beverage,
    energyKj: 3378,
    sugars: 10,
    saturatedFat: 5,
    salt: 0,
    protein: 5,
    fiber: 2,
    fruitVegLegumePercent: 0,
    negative: 22,
    positive: 7,
    score: 15,
    grade: 'E',
  },
  {
    product: 'dairy-drink-with-80-percent-milk',
    commit: C01a2,
    ...beverage,
    energyKj: 3378,
    sugars: 10,
    saturatedFat: 5,
    salt: 0,
    protein: 5,
    fiber: 2,
    fruitVegLegumePercent: 0,
    negative: 22,
    positive: 7,
    score: 15,
    grade: 'E',
  },
  {
    product: 'dairy-drinks-without-milk',
    commit: '0046ef8a78d9f64e204d6191195705c46fb32441',
    ...beverage,
    energyKj: 3378,
    sugars: 10,
    saturatedFat: 5,
    salt: 0,
    protein: 5,
    fiber: 2,
    fruitVegLegumePercent: 0,
    negative: 22,
    positive: 7,
    score: 15,
    grade: 'E',
  },
  {
    product: 'beverage-with-80-percent-milk',
    commit: C01a2,
    ...beverage,
    energyKj: 3378,
    sugars: 20,
    saturatedFat: 5,
    salt: 0,
    protein: 5,
    fiber: 2,
    fruitVegLegumePercent: 0,
    negative: 24,
    positive: 7,
    score: 17,
    grade: 'E',
  },
  {
    product: 'dairy-drink-with-less-than-80-percent-milk',
    commit: C00d7,
    ...beverage,
    energyKj: 3378,
    sugars: 20,
    saturatedFat: 5,
    salt: 0,
    protein: 5,
    fiber: 2,
    fruitVegLegumePercent: 0,
    negative: 24,
    positive: 7,
    score: 17,
    grade: 'E',
  },
  {
    product: 'en-milk',
    commit: C01fe,
    ...beverage,
    energyKj: 195,
    sugars: 4.8,
    saturatedFat: 1,
    salt: 0.1,
    protein: 3.3,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 6,
    positive: 7,
    score: -1,
    grade: 'B',
  },
  {
    product: 'fr-plant-beverages-soy-milk',
    commit: C00d7,
    ...beverage,
    energyKj: 178,
    sugars: 0.5,
    saturatedFat: 0.6,
    salt: 0.03,
    protein: 3.9,
    fiber: 0.5,
    fruitVegLegumePercent: 8,
    negative: 3,
    positive: 7,
    score: -4,
    grade: 'B',
  },
  {
    product: 'flavored-spring-with-nutrition',
    commit: C01fe,
    ...beverage,
    energyKj: 378,
    sugars: 3,
    saturatedFat: 0,
    salt: 0,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 11,
    positive: 0,
    score: 11,
    grade: 'E',
  },
  {
    product: 'en-orange-juice-category',
    commit: C01fe,
    ...beverage,
    energyKj: 182,
    sugars: 8.9,
    saturatedFat: 0,
    salt: 0.5,
    protein: 0.2,
    fiber: 0.5,
    fruitVegLegumePercent: 100,
    negative: 12,
    positive: 6,
    score: 6,
    grade: 'C',
  },
  {
    product: 'en-orange-juice-category-and-ingredients',
    commit: C01a2,
    ...beverage,
    energyKj: 182,
    sugars: 8.9,
    saturatedFat: 0,
    salt: 0.5,
    protein: 0.2,
    fiber: 0.5,
    fruitVegLegumePercent: 50,
    negative: 12,
    positive: 2,
    score: 10,
    grade: 'E',
  },
  {
    product: 'en-sweeteners',
    commit: C01a2,
    ...beverage,
    sweeteners: true,
    energyKj: 82,
    sugars: 4.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 70.5,
    negative: 8,
    positive: 4,
    score: 4,
    grade: 'C',
  },
  {
    product: 'en-sweeteners-erythritol',
    commit: C01a2,
    ...beverage,
    energyKj: 82,
    sugars: 4.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 70.5,
    negative: 4,
    positive: 4,
    score: 0,
    grade: 'B',
  },
  // Water: always A (here without any nutrient declared, counted 0 as the reference does)
  {
    product: 'spring-water-no-nutrition',
    commit: C01fe,
    category: 'water',
    energyKj: 0,
    sugars: 0,
    saturatedFat: 0,
    salt: 0,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 0,
    negative: 0,
    positive: 0,
    score: 0,
    grade: 'A',
  },
  // Fats, oils, nuts and seeds: energy from saturates, saturates/lipids ratio, protein below 7 negative points
  {
    product: 'fr-rapeseed-oil',
    commit: C00d7,
    ...fats,
    ...oil,
    fat: 92,
    saturatedFat: 7.3,
    fruitVegLegumePercent: 0,
    negative: 2,
    positive: 0,
    score: 2,
    grade: 'B',
  },
  {
    product: 'olive-oil',
    commit: '181151ce3f65ed9ac4446779a426141271a89361',
    ...fats,
    ...oil,
    fat: 92,
    saturatedFat: 14,
    fruitVegLegumePercent: 0,
    negative: 5,
    positive: 0,
    score: 5,
    grade: 'C',
  },
  {
    product: 'colza-oil',
    commit: C01fe,
    ...fats,
    ...oil,
    fat: 100,
    saturatedFat: 7,
    fruitVegLegumePercent: 0,
    negative: 2,
    positive: 0,
    score: 2,
    grade: 'B',
  },
  {
    product: 'walnut-oil',
    commit: '74ae0af662935a30858188a33ab3aa0e91c6f16a',
    ...fats,
    ...oil,
    fat: 100,
    saturatedFat: 10,
    fruitVegLegumePercent: 0,
    negative: 4,
    positive: 0,
    score: 4,
    grade: 'C',
  },
  {
    product: 'sunflower-oil',
    commit: '00551b6ffdc564fea2f6b460b2c378328cd7d4af',
    ...fats,
    ...oil,
    fat: 100,
    saturatedFat: 10,
    fruitVegLegumePercent: 0,
    negative: 4,
    positive: 0,
    score: 4,
    grade: 'C',
  },
  {
    product: 'sunflower-oil-no-sugar',
    commit: C00d7,
    ...fats,
    ...oil,
    fat: 100,
    saturatedFat: 10,
    fruitVegLegumePercent: 0,
    negative: 4,
    positive: 0,
    score: 4,
    grade: 'C',
  },
  {
    product: 'en-olive-oil',
    commit: C00d7,
    ...fats,
    ...oil,
    fat: 91,
    saturatedFat: 17,
    fruitVegLegumePercent: 100,
    negative: 7,
    positive: 5,
    score: 2,
    grade: 'B',
  },
  {
    product: 'en-olive-oil-no-ingredients',
    commit: C00d7,
    ...fats,
    ...oil,
    fat: 91,
    saturatedFat: 17,
    fruitVegLegumePercent: 100,
    negative: 7,
    positive: 5,
    score: 2,
    grade: 'B',
  },
  {
    product: 'en-avocado-oil',
    commit: '00551b6ffdc564fea2f6b460b2c378328cd7d4af',
    ...fats,
    ...oil,
    fat: 91.6,
    saturatedFat: 16.4,
    fruitVegLegumePercent: 100,
    negative: 7,
    positive: 5,
    score: 2,
    grade: 'B',
  },
  {
    product: 'fr-mixed-oils-with-olive-oil',
    commit: C01a2,
    ...fats,
    ...oil,
    fat: 100,
    saturatedFat: 9.8,
    fruitVegLegumePercent: 0,
    negative: 3,
    positive: 0,
    score: 3,
    grade: 'C',
  },
  // Read from the expected results' own inputs (the product as it was tested), later additions to the file
  {
    product: 'en-tofu',
    commit: '01c8608c8248e755fd8428d39480816844ab221b',
    ...general,
    energyKj: 82,
    sugars: 1.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 20,
    // Estimated by the reference from the tofu's Ciqual food; processed soy beans count no vegetable.
    fiber: 11.7,
    fruitVegLegumePercent: 0,
    negative: 0,
    positive: 12,
    score: -12,
    grade: 'A',
  },
  {
    product: 'en-orange',
    commit: C00d7,
    ...general,
    // Every value estimated by the reference from Ciqual's orange.
    energyKj: 192,
    sugars: 7.6,
    saturatedFat: 0.005,
    salt: 0.00625,
    protein: 0.75,
    fiber: 2.7,
    fruitVegLegumePercent: 100,
    negative: 2,
    positive: 5,
    score: -3,
    grade: 'A',
  },
  {
    product: 'fr-ice-tea-with-sweetener',
    commit: C01a2,
    ...beverage,
    energyKj: 82,
    sugars: 4.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 0,
    fiber: 0,
    fruitVegLegumePercent: 0.1,
    // Steviol glycosides (E960): a non-nutritive sweetener, 4 points.
    sweeteners: true,
    negative: 8,
    positive: 0,
    score: 8,
    grade: 'D',
  },
  {
    product: 'en-coconut-water',
    commit: '12f6ef8c7d26ee11fba26729fc2d0c2ec9bdbd99',
    ...beverage,
    energyKj: 82,
    sugars: 3.5,
    saturatedFat: 0,
    salt: 0.025,
    protein: 0,
    fiber: 0.25,
    fruitVegLegumePercent: 0,
    negative: 3,
    positive: 0,
    score: 3,
    grade: 'C',
  },
  {
    product: 'en-olive-oil-unrecognized-ingredients',
    commit: C01a2,
    ...fats,
    ...oil,
    energyKj: 3367,
    fat: 91,
    saturatedFat: 17,
    fruitVegLegumePercent: 100,
    negative: 7,
    positive: 5,
    score: 2,
    grade: 'B',
  },
];

describe('Nutri-Score 2023 against the Open Food Facts unit-test products', () => {
  it.each(CASES.map((c) => ({ ...c, source: `${FILE}/${c.product}.json` })))(
    '$product ($category; $source at $commit): $grade, score $score',
    (c) => {
      const r = computeNutriScore(c);
      expect({
        negative: r.negative.total,
        positive: r.positive.total,
        score: r.score,
        grade: r.letter,
        category: r.category,
      }).toEqual({ negative: c.negative, positive: c.positive, score: c.score, grade: c.grade, category: c.category });
    },
  );

  it('covers every table the reference has tests for', () => {
    expect(new Set(CASES.map((c) => c.category))).toEqual(new Set(['general', 'beverage', 'water', 'fats']));
  });
});

/**
 * The reference products it does not grade, for a missing value: NutriCarte withholds the grade
 * of a recipe just as well, and says which value it lacks (src/shared/recipe-nutrition.ts). The
 * values given are per 100 g; `null` is what the product left unstated.
 */
const NOT_COMPUTED: {
  product: string;
  commit: string;
  category: NutriScoreCategory;
  values: Partial<Record<Nutrient, number>>;
  reasons: string[];
}[] = [
  {
    product: 'sunflower-oil-no-sugar-no-sat-fat',
    commit: C01fe,
    category: 'fats',
    // « still saturated fat missing will block » (tests/unit/nutriscore.t); no sugars but 0 g of carbohydrate: 0.
    values: { energyKj: 3378, fat: 100, sugars: 0, salt: 0, protein: 0, fiber: 0 },
    reasons: ['Acides gras saturés inconnus pour\u00a0: sunflower-oil-no-sugar-no-sat-fat'],
  },
  {
    product: 'fr-orange-nectar-0-fat',
    commit: C01a2,
    category: 'beverage',
    values: { energyKj: 250, fat: 0, sugars: 12, salt: 0.5, protein: 0.5, fiber: 0 },
    reasons: ['Acides gras saturés inconnus pour\u00a0: fr-orange-nectar-0-fat'],
  },
  {
    product: 'en-beverage-preparation-flavored-syrup',
    commit: '0274e02bf1ebedb5f5dcf70f60824e3e52efd0fb',
    category: 'beverage',
    // A syrup states its values as sold, not as drunk: none of the prepared drink is known.
    values: {},
    reasons: [
      'Énergie inconnue pour\u00a0: en-beverage-preparation-flavored-syrup',
      'Sucres inconnus pour\u00a0: en-beverage-preparation-flavored-syrup',
      'Acides gras saturés inconnus pour\u00a0: en-beverage-preparation-flavored-syrup',
      'Sel inconnu pour\u00a0: en-beverage-preparation-flavored-syrup',
      'Protéines inconnues pour\u00a0: en-beverage-preparation-flavored-syrup',
      'Fibres inconnues pour\u00a0: en-beverage-preparation-flavored-syrup',
    ],
  },
  {
    product: '94-percent-sugar-and-unknown-ingredient',
    commit: '038b5289e35d6488648ebb6dc14e4c09a45a3265',
    category: 'general',
    values: {},
    reasons: [
      'Énergie inconnue pour\u00a0: 94-percent-sugar-and-unknown-ingredient',
      'Sucres inconnus pour\u00a0: 94-percent-sugar-and-unknown-ingredient',
      'Acides gras saturés inconnus pour\u00a0: 94-percent-sugar-and-unknown-ingredient',
      'Sel inconnu pour\u00a0: 94-percent-sugar-and-unknown-ingredient',
      'Protéines inconnues pour\u00a0: 94-percent-sugar-and-unknown-ingredient',
      'Fibres inconnues pour\u00a0: 94-percent-sugar-and-unknown-ingredient',
    ],
  },
];

describe('the reference products graded « unknown » for a missing value', () => {
  it.each(NOT_COMPUTED.map((c) => ({ ...c, source: `${FILE}/${c.product}.json` })))(
    '$product ($category; $source at $commit): no grade',
    (c) => {
      const totals = Object.fromEntries(NUTRIENTS.map((n) => [n, c.values[n] ?? null])) as Record<
        Nutrient,
        number | null
      >;
      const missing = Object.fromEntries(
        NUTRIENTS.filter((n) => c.values[n] === undefined).map((n) => [n, [c.product]]),
      );
      const result = recipeNutriScore({
        totals,
        missing,
        referenceGrams: 100,
        fruitVegLegumePercent: 0,
        redMeat: false,
        category: { category: c.category, reason: '', notWater: [] },
      });
      expect(result).toMatchObject({ available: false, reasons: c.reasons, category: c.category });
    },
  );
});

/**
 * The threshold assertions at the end of tests/unit/nutriscore.t (file id 10694202424 in the
 * reference's history): `get_value_with_one_less_negative_point_2023(is_beverage, nutrient, value)`
 * is the highest threshold under the value (undef at 0 points); `…one_more_positive_point_2023`
 * is the next threshold above plus 0.1 (plus 1 for the fruit/vegetable share).
 */
function tableOf(
  beverage: boolean,
  nutrient: 'sugars' | 'saturatedFat' | 'protein' | 'fruitVegLegume',
): NutriScoreTable {
  const beverageTable = `${nutrient}Beverages` as NutriScoreTable;
  return beverage && beverageTable in NUTRISCORE_THRESHOLDS ? beverageTable : nutrient;
}
function oneLessNegativePoint(beverage: boolean, nutrient: 'sugars' | 'saturatedFat', value: number) {
  const below = NUTRISCORE_THRESHOLDS[tableOf(beverage, nutrient)].filter((t) => value > t);
  return below.length > 0 ? below[below.length - 1] : undefined;
}
function oneMorePositivePoint(beverage: boolean, nutrient: 'protein' | 'fruitVegLegume', value: number) {
  const next = NUTRISCORE_THRESHOLDS[tableOf(beverage, nutrient)].find((t) => value < t);
  if (next === undefined) return undefined;
  return nutrient === 'fruitVegLegume' ? next + 1 : Math.round((next + 0.1) * 10) / 10;
}

describe('the thresholds of the 2023 tables (tests/unit/nutriscore.t, last assertions)', () => {
  it.each([
    [false, 'sugars', 0, undefined],
    [false, 'sugars', 3, undefined],
    [false, 'sugars', 4, 3.4],
    [false, 'sugars', 7, 6.8],
    [false, 'sugars', 10, 6.8],
    [false, 'sugars', 60, 51],
    [true, 'sugars', 3, 2],
    [true, 'saturatedFat', 7, 6],
  ] as const)('one less negative point (beverage %s, %s %s) → %s', (beverage, nutrient, value, expected) => {
    const threshold = oneLessNegativePoint(beverage, nutrient, value);
    expect(threshold).toBe(expected);
    const table = tableOf(beverage, nutrient);
    if (threshold !== undefined) expect(pointsIn(table, threshold)).toBe(pointsIn(table, value) - 1);
  });

  it.each([
    [false, 'protein', 0, 2.5],
    [false, 'protein', 5, 7.3],
    [true, 'protein', 2, 2.2],
    [false, 'protein', 20, undefined],
    [false, 'fruitVegLegume', 45, 61],
  ] as const)('one more positive point (beverage %s, %s %s) → %s', (beverage, nutrient, value, expected) => {
    const next = oneMorePositivePoint(beverage, nutrient, value);
    expect(next).toBe(expected);
    const table = tableOf(beverage, nutrient);
    if (next !== undefined) expect(pointsIn(table, next)).toBeGreaterThan(pointsIn(table, value));
  });
});
