import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type Slot } from './catering.ts';
import { copiedEntries } from './copy.ts';
import { dishProfile } from './dish-profile.ts';
import { CRITERIA, evaluateGrid, type GridMeal } from './gemrcn.ts';
import { dish } from './test-dishes.ts';

const MONDAY = '2026-09-07';
const meals = (n: number, components: (i: number) => { slot: Slot; dish: ReturnType<typeof dish> }[]): GridMeal[] =>
  Array.from({ length: n }, (_, i) => ({
    date: addDays(MONDAY, i),
    service: 'dejeuner' as const,
    components: components(i),
  }));
const result = (list: GridMeal[], id: string, population: 'elementaire' | 'adulte' = 'elementaire') =>
  evaluateGrid(list, population).criteria.find((c) => c.id === id)!;

// Hand-computed: each case states how many of 20 meals match and whether the grid is met.
const CASES: [string, (i: number) => { slot: Slot; dish: ReturnType<typeof dish> }[], number, boolean][] = [
  [
    'crudites',
    (i) => (i < 10 ? [{ slot: 'entree', dish: dish('Carottes', { shares: { rawProduce: 0.9 } }) }] : []),
    10,
    true,
  ],
  [
    'crudites',
    (i) => (i < 9 ? [{ slot: 'accompagnement', dish: dish('Salade', { tags: ['crudites'] }) }] : []),
    9,
    false,
  ],
  [
    'fruits-crus',
    (i) => (i < 8 ? [{ slot: 'dessert', dish: dish('Pomme', { shares: { rawFruit: 1 } }) }] : []),
    8,
    true,
  ],
  [
    'fruits-crus',
    (i) => (i < 8 ? [{ slot: 'dessert', dish: dish('Compote', { shares: { fruit: 1 } }) }] : []),
    0,
    false,
  ],
  [
    'legumes-cuits',
    (i) => (i < 11 ? [{ slot: 'accompagnement', dish: dish('Haricots', { shares: { vegetables: 0.8 } }) }] : []),
    11,
    false,
  ],
  [
    'feculents',
    (i) => (i < 10 ? [{ slot: 'accompagnement', dish: dish('Riz', { shares: { starches: 1 } }) }] : []),
    10,
    true,
  ],
  [
    'fromages-150',
    (i) =>
      i < 8 ? [{ slot: 'laitier', dish: dish('Emmental', { shares: { cheese: 1 }, calciumPerPortion: 290 }) }] : [],
    8,
    true,
  ],
  [
    'fromages-100-150',
    (i) => (i < 3 ? [{ slot: 'entree', dish: dish('Camembert', { tags: ['fromage'], calciumPerPortion: 120 }) }] : []),
    3,
    false,
  ],
  [
    'laitiers',
    (i) => (i < 6 ? [{ slot: 'laitier', dish: dish('Yaourt', { calciumPerPortion: 160, fatPerPortion: 1.5 }) }] : []),
    6,
    true,
  ],
  [
    'laitiers',
    (i) => (i < 6 ? [{ slot: 'laitier', dish: dish('Crème', { calciumPerPortion: 160, fatPerPortion: 5 }) }] : []),
    0,
    false,
  ],
  [
    'viandes-non-hachees',
    (i) => (i < 4 ? [{ slot: 'plat', dish: dish('Rôti', { tags: ['viande-non-hachee'] }) }] : []),
    4,
    true,
  ],
  [
    'poissons',
    (i) =>
      i < 4
        ? [{ slot: 'plat', dish: dish('Colin', { shares: { fish: 0.8 }, proteinPerPortion: 20, fatPerPortion: 10 }) }]
        : [],
    4,
    true,
  ],
  [
    'poissons',
    (i) =>
      i < 4
        ? [
            {
              slot: 'plat',
              dish: dish('Poisson pané', { shares: { fish: 0.6 }, proteinPerPortion: 20, fatPerPortion: 5 }),
            },
          ]
        : [],
    0,
    false,
  ],
  [
    'preparations-moins-70',
    (i) => (i < 4 ? [{ slot: 'plat', dish: dish('Hachis', { shares: { meatFishEgg: 0.4 } }) }] : []),
    4,
    false,
  ],
  ['entrees-grasses', (i) => (i < 4 ? [{ slot: 'entree', dish: dish('Saucisson', { fatPercent: 33 }) }] : []), 4, true],
  ['desserts-gras', (i) => (i < 4 ? [{ slot: 'dessert', dish: dish('Éclair', { fatPercent: 16 }) }] : []), 4, false],
  [
    'frits',
    (i) => (i < 5 ? [{ slot: 'accompagnement', dish: dish('Frites', { tags: ['frit'], fatPercent: 18 }) }] : []),
    5,
    false,
  ],
  [
    'plats-pl-1',
    (i) => (i < 2 ? [{ slot: 'plat', dish: dish('Merguez', { proteinPerPortion: 10, fatPerPortion: 10 }) }] : []),
    2,
    true,
  ],
  [
    'desserts-sucres',
    (i) => (i < 5 ? [{ slot: 'dessert', dish: dish('Crème dessert', { sugarsPerPortion: 21, fatPercent: 3 }) }] : []),
    5,
    false,
  ],
];

describe('GEMRCN grid (arrêté du 30 septembre 2011, annexe I)', () => {
  it('has the 15 criteria of the grid, each with its threshold over 20 meals', () => {
    expect(CRITERIA.map((c) => `${c.id} ${c.kind} ${c.n}`)).toEqual([
      'crudites min 10',
      'fruits-crus min 8',
      'legumes-cuits target 10',
      'feculents target 10',
      'fromages-150 min 8',
      'fromages-100-150 min 4',
      'laitiers min 6',
      'viandes-non-hachees min 4',
      'poissons min 4',
      'preparations-moins-70 max 3',
      'entrees-grasses max 4',
      'desserts-gras max 3',
      'frits max 4',
      'plats-pl-1 max 2',
      'desserts-sucres max 4',
    ]);
  });

  it.for(CASES.map(([id, components, count, ok], i) => [`${id} #${i}`, id, components, count, ok] as const))(
    '%s',
    ([, id, components, count, ok]) => {
      const list = meals(20, (i) => [...components(i), { slot: 'pain', dish: dish('Pain') }]);
      expect(result(list, id)).toMatchObject({ count, ok, threshold: CRITERIA.find((c) => c.id === id)!.n });
    },
  );

  it('counts a meal once however many components match, names the dish, and leaves goûters out', () => {
    const list: GridMeal[] = [
      {
        date: MONDAY,
        service: 'gouter',
        components: [{ slot: 'gouter', dish: dish('Pomme', { shares: { rawFruit: 1 } }) }],
      },
      {
        date: MONDAY,
        service: 'dejeuner',
        components: [
          { slot: 'entree', dish: dish('Radis', { tags: ['crudites'] }) },
          { slot: 'accompagnement', dish: dish('Salade', { tags: ['crudites'] }) },
        ],
      },
    ];
    const crudites = evaluateGrid(list, 'maternelle');
    expect(crudites.meals).toBe(1);
    expect(crudites.criteria[0]).toMatchObject({
      count: 1,
      matches: [{ date: MONDAY, service: 'dejeuner', recipeName: 'Radis' }],
    });
  });

  it('prorates the thresholds when fewer than 20 meals are planned, and reads only the first 20', () => {
    const ten = meals(10, () => [{ slot: 'dessert', dish: dish('Pomme', { shares: { rawFruit: 1 } }) }]);
    expect(result(ten, 'fruits-crus')).toMatchObject({ threshold: 4, count: 10, ok: true });
    const thirty = meals(30, () => [{ slot: 'dessert', dish: dish('Pomme', { shares: { rawFruit: 1 } }) }]);
    expect(evaluateGrid(thirty, 'adolescent').meals).toBe(20);
  });

  it('adults follow the GEMRCN 2015 line for sugary dairy products', () => {
    const list = meals(20, (i) =>
      i < 5 ? [{ slot: 'laitier', dish: dish('Yaourt sucré', { sugarsPerPortion: 22, fatPercent: 2 }) }] : [],
    );
    expect(result(list, 'desserts-sucres', 'elementaire')).toMatchObject({ count: 0, ok: true });
    expect(result(list, 'desserts-sucres', 'adulte')).toMatchObject({ count: 5, ok: false });
    expect(evaluateGrid(list, 'adulte').ruleset).toBe('gemrcn-2015');
  });

  it('copying a four-week cycle preserves every count (property)', () => {
    const dishes = [
      dish('Carottes', { shares: { rawProduce: 1 } }),
      dish('Colin', { shares: { fish: 0.9 }, proteinPerPortion: 20, fatPerPortion: 2 }),
      dish('Frites', { tags: ['frit'] }),
      dish('Yaourt', { calciumPerPortion: 150, fatPerPortion: 1 }),
      dish('Éclair', { fatPercent: 18, sugarsPerPortion: 25 }),
    ];
    const slots: Slot[] = ['entree', 'plat', 'accompagnement', 'laitier', 'dessert'];
    const entry = fc.record({
      day: fc.integer({ min: 0, max: 27 }),
      service: fc.constantFrom('dejeuner' as const, 'diner' as const),
      slot: fc.constantFrom(...slots),
      dish: fc.integer({ min: 0, max: dishes.length - 1 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => `${e.day} ${e.service} ${e.slot}`, maxLength: 120 }),
        fc.integer({ min: 28, max: 200 }),
        (entries, shift) => {
          const source = entries.map((e) => ({
            date: addDays(MONDAY, e.day),
            service: e.service,
            slot: e.slot,
            dish: dishes[e.dish]!,
          }));
          const toMeals = (list: typeof source, from: string) => {
            const byMeal = new Map<
              string,
              GridMeal & { components: { slot: Slot; dish: ReturnType<typeof dish> }[] }
            >();
            for (const e of [...list].sort((a, b) => (a.date + a.service).localeCompare(b.date + b.service))) {
              const key = `${e.date} ${e.service}`;
              const meal = byMeal.get(key) ?? { date: e.date, service: e.service, components: [] };
              meal.components.push({ slot: e.slot, dish: e.dish });
              byMeal.set(key, meal);
            }
            return [...byMeal.values()].filter((m) => m.date >= from);
          };
          const copy = copiedEntries(source, shift, 28, 1);
          const counts = (list: GridMeal[]) =>
            evaluateGrid(list, 'elementaire').criteria.map((c) => [c.id, c.count, c.ok]);
          expect(counts(toMeals(copy, addDays(MONDAY, shift)))).toEqual(counts(toMeals(source, MONDAY)));
          expect(copy).toHaveLength(source.length);
        },
      ),
      { seed: 19, numRuns: 200 },
    );
  });
});

describe('dish profile', () => {
  it('derives fat %, P/L, calcium per portion and shares from the lines', () => {
    const p = dishProfile({
      recipeId: 'r',
      name: 'Cabillaud et carottes crues',
      servings: 2,
      cookedWeightG: null,
      tags: [],
      lines: [
        {
          name: 'Cabillaud, cuit à la vapeur',
          grams: 300,
          subgroupCode: '0405',
          fat: 1,
          protein: 24,
          sugars: 0,
          calciumMg: 10,
        },
        { name: 'Carotte, crue', grams: 100, subgroupCode: '0201', fat: 0, protein: 1, sugars: 5, calciumMg: 36 },
      ],
    });
    // 400 g for 2 portions: fat 3 g → 0.75 %, 1.5 g a portion; protein 73 g → 36.5 g; calcium 66 mg → 33 mg.
    expect(p).toMatchObject({
      portionGrams: 200,
      fatPercent: 0.75,
      fatPerPortion: 1.5,
      proteinPerPortion: 36.5,
      sugarsPerPortion: 2.5,
      calciumPerPortion: 33,
      vegetarian: false,
    });
    expect(p.shares).toMatchObject({ fish: 0.75, vegetables: 0.25, rawProduce: 0.25, meatFishEgg: 0.75 });
  });

  it('a composite Ciqual dish or a meat line is not vegetarian unless the owner says so; an unknown value makes the nutrient unknown', () => {
    const line = { grams: 100, fat: null, protein: 1, sugars: 1, calciumMg: 1 };
    const base = { recipeId: 'r', name: 'x', servings: 1, cookedWeightG: null };
    expect(
      dishProfile({ ...base, tags: [], lines: [{ ...line, name: 'Hachis parmentier', subgroupCode: '0103' }] })
        .vegetarian,
    ).toBe(false);
    expect(
      dishProfile({
        ...base,
        tags: ['vegetarien'],
        lines: [{ ...line, name: 'Hachis parmentier', subgroupCode: '0103' }],
      }).vegetarian,
    ).toBe(true);
    expect(
      dishProfile({ ...base, tags: [], lines: [{ ...line, name: 'Saucisse végétale', subgroupCode: '0403' }] })
        .vegetarian,
    ).toBe(true);
    expect(
      dishProfile({ ...base, tags: [], lines: [{ ...line, name: 'Lentille', subgroupCode: '0203' }] }).fatPercent,
    ).toBeNull();
  });

  it('an own product is meat by its meat kind and fish by its allergens; a sub-recipe of unknown make is never vegetarian', () => {
    const line = { grams: 100, fat: 1, protein: 1, sugars: 1, calciumMg: 1, subgroupCode: null };
    const base = { recipeId: 'r', name: 'x', servings: 1, cookedWeightG: null, tags: [] };
    const beef = dishProfile({
      ...base,
      lines: [
        { ...line, name: 'Bœuf du boucher', meat: true },
        { ...line, name: 'Carottes', subgroupCode: '0201' },
      ],
    });
    expect([beef.vegetarian, beef.shares.meatFishEgg]).toEqual([false, 0.5]);
    const fish = dishProfile({ ...base, lines: [{ ...line, name: 'Filet de colin', fish: true }] });
    expect([fish.vegetarian, fish.shares.fish, fish.shares.meatFishEgg]).toEqual([false, 1, 1]);
    expect(dishProfile({ ...base, lines: [{ ...line, name: 'Base maison', unknown: true }] }).vegetarian).toBe(false);
    expect(dishProfile({ ...base, lines: [{ ...line, name: 'Pâtes fraîches' }] }).vegetarian).toBe(true);
  });
});
