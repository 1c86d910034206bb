import { describe, expect, it } from 'vitest';
import { ciqualLine, ciqualRow } from '../server/test/ciqual-lines.ts';
import { chooseCategory, nutriKindOf, type KindLine } from './nutri-score-category.ts';
import { computeRecipeFacts } from './recipe-facts.ts';

const food = ciqualRow;
const line = (code: number, grams: number) => ciqualLine(code, grams);
const kindLine = (code: number, grams: number): KindLine => {
  const l = line(code, grams);
  return { name: l.name, kind: l.nutriKind, grams };
};

const WATER = 18066; // Eau du robinet
const LEMON_JUICE = 2007; // Jus de citron, fait maison
const SUGAR = 31016; // Sucre blanc
const RAPESEED_OIL = 17130; // Huile de colza
const OLIVE_OIL = 17270; // Huile d'olive vierge extra
const VINEGAR = 11220; // Vinaigre de vin rouge
const MUSTARD = 11013; // Moutarde
const BASIL = 11033; // Basilic, frais
const PINE_NUT = 15025; // Pignon de pin
const PARMESAN = 12120;
const CARROT = 20009;
const LEEK = 20039;
const POTATO = 4008;
const ORANGE_JUICE = 2012; // Jus d'orange, à base de concentré
const MILK = 19041; // Lait demi-écrémé, UHT
const BANANA = 13005;
const COMTE = 12110;
const EMMENTAL = 12099;
const CAMEMBERT = 12001;

describe('what a Ciqual food weighs in the automatic Nutri-Score table', () => {
  it('reads the kind from the Ciqual group and subgroup', () => {
    const kind = (code: number) =>
      nutriKindOf({ name: food(code).name!, group: food(code).group, subgroup: food(code).subgroup });
    expect([WATER, ORANGE_JUICE, LEMON_JUICE, MILK].map(kind)).toEqual(['water', 'drink', 'drink', 'drink']);
    expect([RAPESEED_OIL, OLIVE_OIL, PINE_NUT].map(kind)).toEqual(['fat', 'fat', 'fat']);
    expect([COMTE, PARMESAN, CAMEMBERT].map(kind)).toEqual(['cheese', 'cheese', 'cheese']);
    expect([CARROT, POTATO].map(kind)).toEqual(['savoury', 'savoury']);
    expect([BANANA, SUGAR, BASIL, VINEGAR].map(kind)).toEqual([null, null, null, null]);
    // A milk powder is not drunk as it is.
    expect(nutriKindOf({ name: 'Lait en poudre, entier', group: 'produits laitiers', subgroup: 'laits' })).toBe(null);
    expect([18017, 18059, 19027, 18005].map(kind)).toEqual([null, null, null, null]);
    expect(kind(18058)).toBe('drink'); // Boisson préparée à partir de sirop à diluer…, diluée
  });
});

describe('the table a recipe is scored with', () => {
  it('makes a lemonade a drink, but not a soup whose water is its broth', () => {
    const lemonade = chooseCategory([kindLine(WATER, 800), kindLine(LEMON_JUICE, 150), kindLine(SUGAR, 50)]);
    expect(lemonade.category).toBe('beverage');
    expect(lemonade.reason).toBe(
      'Boisson\u00a0: les boissons font 95\u00a0% du poids (Eau du robinet, Jus de citron, fait maison)',
    );
    const soup = chooseCategory([
      kindLine(WATER, 600),
      kindLine(CARROT, 200),
      kindLine(LEEK, 150),
      kindLine(POTATO, 50),
    ]);
    expect(soup.category).toBe('general');
    const smoothie = chooseCategory([kindLine(BANANA, 150), kindLine(MILK, 200), kindLine(ORANGE_JUICE, 100)]);
    expect(smoothie.category).toBe('beverage');
  });

  it('makes a vinaigrette and a pesto fats, a cheese board a cheese, and only waters a water', () => {
    expect(chooseCategory([kindLine(OLIVE_OIL, 60), kindLine(VINEGAR, 20), kindLine(MUSTARD, 10)]).category).toBe(
      'fats',
    );
    const pesto = chooseCategory([
      kindLine(BASIL, 50),
      kindLine(OLIVE_OIL, 80),
      kindLine(PINE_NUT, 20),
      kindLine(PARMESAN, 30),
    ]);
    expect(pesto).toMatchObject({ category: 'fats' });
    expect(pesto.reason).toContain('56\u00a0% du poids');
    expect(chooseCategory([kindLine(COMTE, 100), kindLine(EMMENTAL, 100), kindLine(BANANA, 50)]).category).toBe(
      'cheese',
    );
    expect(chooseCategory([kindLine(WATER, 1000)])).toMatchObject({ category: 'water', notWater: [] });
    // A line without a weight is left out of the shares.
    expect(chooseCategory([kindLine(OLIVE_OIL, 60), { name: 'Œuf', kind: 'savoury', grams: null }]).category).toBe(
      'fats',
    );
  });

  it('keeps the owner’s choice, and lists what is not a water when « eau » is chosen', () => {
    const lines = [kindLine(WATER, 800), kindLine(LEMON_JUICE, 150)];
    expect(chooseCategory(lines, 'general')).toEqual({
      category: 'general',
      reason: 'Tableau choisi par vous',
      notWater: [],
    });
    expect(chooseCategory(lines, 'water').notWater).toEqual(['Jus de citron, fait maison']);
  });
});

describe('the grade of a recipe with its table', () => {
  it('grades a recipe of rapeseed oil B with the fats table, as the reference grades its rapeseed oils', () => {
    // Ciqual 17130: saturates 7,26 g → 268,6 kJ → 2 points; ratio 7,26 % → 0; salt 0,0014 → 0; score 2 → B
    // (Open Food Facts, fr-rapeseed-oil and colza-oil: B, src/shared/nutriscore-off.test.ts).
    const facts = computeRecipeFacts({
      servings: 10,
      cookedWeightG: null,
      fruitVegLegumePercent: 0,
      allergensDeclared: false,
      lines: [line(RAPESEED_OIL, 1000)],
    });
    expect(facts.nutriScore).toMatchObject({ available: true, letter: 'B', score: 2, category: 'fats' });
    // As a general food the same oil is D (3 700 kJ → 10, saturates 7,26 → 7: 17).
    const general = computeRecipeFacts({
      servings: 10,
      cookedWeightG: null,
      fruitVegLegumePercent: 0,
      nutriScoreCategory: 'general',
      allergensDeclared: false,
      lines: [line(RAPESEED_OIL, 1000)],
    });
    expect(general.nutriScore).toMatchObject({
      letter: 'D',
      score: 17,
      category: 'general',
      categoryReason: 'Tableau choisi par vous',
    });
  });

  it('grades a water A without asking for the fruit share, and withholds « eau » from a lemonade', () => {
    const water = computeRecipeFacts({
      servings: 4,
      cookedWeightG: null,
      fruitVegLegumePercent: null,
      allergensDeclared: false,
      lines: [line(WATER, 1000)],
    });
    expect(water.nutriScore).toMatchObject({ available: true, letter: 'A', category: 'water' });
    const lemonade = computeRecipeFacts({
      servings: 4,
      cookedWeightG: null,
      fruitVegLegumePercent: 15,
      nutriScoreCategory: 'water',
      allergensDeclared: false,
      lines: [line(WATER, 800), line(LEMON_JUICE, 150), line(SUGAR, 50)],
    });
    expect(lemonade.nutriScore).toMatchObject({ available: false, category: 'water' });
    expect(lemonade.nutriScore.available === false && lemonade.nutriScore.reasons[0]).toContain(
      'Jus de citron, fait maison, Sucre blanc',
    );
  });

  it('asks for the total fat only for the fats table', () => {
    const oil = line(RAPESEED_OIL, 100);
    const noFat = { ...oil, per100g: { ...oil.per100g, fat: null } };
    const facts = (category: 'fats' | 'general') =>
      computeRecipeFacts({
        servings: 1,
        cookedWeightG: null,
        fruitVegLegumePercent: 0,
        nutriScoreCategory: category,
        allergensDeclared: false,
        lines: [noFat],
      }).nutriScore;
    expect(facts('fats')).toMatchObject({
      available: false,
      reasons: ['Matières grasses inconnues pour\u00a0: Huile de colza'],
    });
    expect(facts('general')).toMatchObject({ available: true });
  });
});
