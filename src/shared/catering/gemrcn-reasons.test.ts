import { describe, expect, it } from 'vitest';
import { addDays, type Slot } from './catering.ts';
import { dishProfile, type DishInput, type ProfileLine } from './dish-profile.ts';
import { automaticTags, evaluateGrid, type GridMeal } from './gemrcn.ts';
import { dish } from './test-dishes.ts';

/**
 * The grid as a dietitian checks it (docs/product/meal-plans.md « GEMRCN »): what was served,
 * not what the raw food is called; the owner's « compte » / « ne compte pas »; a missing value
 * said, never a silent 0; fried products above 15 % fat only; article 1's composition.
 */
const MONDAY = '2026-09-07';
const line = (name: string, grams: number, subgroupCode: string, values: Partial<ProfileLine> = {}): ProfileLine => ({
  name,
  grams,
  subgroupCode,
  fat: 0.2,
  protein: 1,
  sugars: 2,
  calciumMg: 30,
  ...values,
});
const profile = (name: string, lines: ProfileLine[], rest: Partial<DishInput> = {}) =>
  dishProfile({ recipeId: name, name, servings: 10, cookedWeightG: null, tags: [], lines, ...rest });
const lunches = (n: number, components: (i: number) => { slot: Slot; dish: ReturnType<typeof dish> }[]): GridMeal[] =>
  Array.from({ length: n }, (_, i) => ({
    date: addDays(MONDAY, i),
    service: 'dejeuner' as const,
    components: components(i),
  }));
const criterion = (meals: GridMeal[], id: string) =>
  evaluateGrid(meals, 'elementaire').criteria.find((c) => c.id === id)!;

describe('the grid counts what was served', () => {
  const beans = profile('Haricots verts', [line('Haricot vert, surgelé, cru', 1000, '0201')], { cookedWeightG: 1300 });
  const compote = profile('Compote de pommes', [line('Pomme, chair et peau, crue', 1000, '0204')]);
  const carrots = profile('Carottes râpées', [line('Carotte, crue', 1000, '0201')]);

  it('a raw frozen food cooked to 1 300 g is a cooked vegetable, not a crudité, and says why', () => {
    expect(beans.cooked).toBe('poids cuit 1\u202f300\u00a0g pour 1\u202f000\u00a0g crus');
    const meals = lunches(1, () => [{ slot: 'accompagnement', dish: beans }]);
    expect(criterion(meals, 'crudites')).toMatchObject({ count: 0 });
    expect(criterion(meals, 'crudites').reason).toBe(
      'Haricots verts\u00a0: plat cuit\u00a0: poids cuit 1\u202f300\u00a0g pour 1\u202f000\u00a0g crus, ses légumes ne sont pas des crudités',
    );
    expect(criterion(meals, 'legumes-cuits').matches).toEqual([
      {
        date: MONDAY,
        service: 'dejeuner',
        recipeName: 'Haricots verts',
        reason:
          '100\u00a0% de légumes (Haricot vert, surgelé, cru), plat cuit\u00a0: poids cuit 1\u202f300\u00a0g pour 1\u202f000\u00a0g crus',
      },
    ]);
  });

  it('a compote of raw apples is not a raw fruit; a cooking time cooks the dish too', () => {
    expect(compote.cooked).toBe('«\u00a0compote\u00a0» dans son nom');
    expect(
      criterion(
        lunches(1, () => [{ slot: 'dessert', dish: compote }]),
        'fruits-crus',
      ),
    ).toMatchObject({
      count: 0,
      reason: 'Compote de pommes\u00a0: plat cuit\u00a0: «\u00a0compote\u00a0» dans son nom, ce n’est pas un fruit cru',
    });
    const baked = profile('Pommes au four', [line('Pomme, chair et peau, crue', 1000, '0204')], {
      cookTimeMinutes: 25,
    });
    expect(baked.cooked).toBe('cuisson de 25\u00a0min');
    expect(baked.shares.rawFruit).toBe(0);
  });

  it('raw carrots grated without cooking are crudités, with the reason', () => {
    expect(carrots.cooked).toBeNull();
    expect(
      criterion(
        lunches(1, () => [{ slot: 'entree', dish: carrots }]),
        'crudites',
      ).matches[0]!.reason,
    ).toBe('100\u00a0% de légumes ou fruits crus (Carotte, crue), sans cuisson');
    // The same weight typed back as the cooked weight says nothing of a cooking.
    expect(profile('Carottes', [line('Carotte, crue', 1000, '0201')], { cookedWeightG: 1000 }).cooked).toBeNull();
  });

  it('the owner’s « compte » and « ne compte pas » win over the data, per criterion', () => {
    const excluded = { ...carrots, excluded: ['crudites' as const] };
    const forced = { ...beans, tags: ['crudites' as const] };
    const meals = lunches(2, (i) => [{ slot: 'entree', dish: i === 0 ? excluded : forced }]);
    const crudites = criterion(meals, 'crudites');
    expect(crudites.matches.map((m) => [m.recipeName, m.reason])).toEqual([
      ['Haricots verts', 'classé par l’établissement'],
    ]);
    expect(crudites.reason).toContain('Carottes râpées\u00a0: ne compte pas (classé)');
  });

  it('lists every automatic classification with its reason', () => {
    expect(automaticTags(beans)).toEqual([
      {
        tag: 'legumes-cuits',
        reason:
          '100\u00a0% de légumes (Haricot vert, surgelé, cru), plat cuit\u00a0: poids cuit 1\u202f300\u00a0g pour 1\u202f000\u00a0g crus',
      },
      { tag: 'vegetarien', reason: 'aucune viande, aucun poisson dans ses ingrédients' },
    ]);
    const steak = profile('Rôti de bœuf', [line('Boeuf, rôti, cuit', 1000, '0401', { fat: 8, protein: 28 })]);
    expect(automaticTags(steak).map((a) => a.tag)).toEqual(['viande-non-hachee']);
  });
});

describe('a value the rule needs and the data lacks', () => {
  it('Emmental without calcium in Ciqual shows « calcium inconnu » with its meals, never 0/20', () => {
    const emmental = dishProfile({
      recipeId: 'e',
      name: 'Emmental',
      servings: 1,
      cookedWeightG: null,
      tags: [],
      lines: [
        line('Emmental de Savoie ou emmenthal de Savoie', 30, '0503', { fat: 30.8, protein: 28, calciumMg: null }),
      ],
    });
    expect(emmental.calciumPerPortion).toBeNull();
    const meals = lunches(20, (i) => [
      { slot: 'pain' as const, dish: dish('Pain') },
      ...(i < 8 ? [{ slot: 'laitier' as const, dish: emmental }] : []),
    ]);
    const fromages = criterion(meals, 'fromages-150');
    expect(fromages).toMatchObject({
      count: 0,
      unknown: 8,
      status: 'unknown',
      ok: false,
      reason: 'calcium inconnu pour 8 repas',
    });
    expect(fromages.unknownMeals[0]).toEqual({
      date: MONDAY,
      service: 'dejeuner',
      recipeName: 'Emmental',
      missing: 'calcium inconnu',
    });
  });

  it('a max criterion whose unknowns could pass the threshold is unknown; enough counted ones make it red', () => {
    const unknownFat = dish('Feuilleté', { fatPercent: null });
    const fat = dish('Friand', { fatPercent: 30 });
    const four = lunches(20, (i) => [{ slot: 'entree', dish: i < 4 ? fat : i < 6 ? unknownFat : dish('Radis') }]);
    expect(criterion(four, 'entrees-grasses')).toMatchObject({ count: 4, unknown: 2, status: 'unknown', ok: false });
    const five = lunches(20, (i) => [{ slot: 'entree', dish: i < 5 ? fat : i < 6 ? unknownFat : dish('Radis') }]);
    expect(criterion(five, 'entrees-grasses')).toMatchObject({ count: 5, status: 'ko' });
  });
});

describe('fried products (« plus de 15 % de lipides »)', () => {
  it('fries tagged « frit » at 12,1 % fat do not count, and the grid says why', () => {
    const meals = lunches(5, () => [
      { slot: 'accompagnement', dish: dish('Frites au four', { tags: ['frit'], fatPercent: 12.1 }) },
    ]);
    expect(criterion(meals, 'frits')).toMatchObject({
      count: 0,
      reason: 'Frites au four\u00a0: produit frit (classé), mais 12,1\u00a0% de lipides, pas plus de 15\u00a0%',
    });
  });

  it('a pre-fried Ciqual food above 15 % counts without a tag', () => {
    const fries = profile('Frites', [
      line('Frites de pommes de terre, surgelées, préfrites, pour cuisson en friteuse', 1000, '0202', { fat: 16 }),
    ]);
    expect(
      criterion(
        lunches(1, () => [{ slot: 'accompagnement', dish: fries }]),
        'frits',
      ).matches[0]!.reason,
    ).toBe(
      'produit frit (Frites de pommes de terre, surgelées, préfrites, pour cuisson en friteuse), 16\u00a0% de lipides',
    );
  });
});

describe('article 1: the composition of a meal, and an empty plan', () => {
  it('flags a lunch without a dairy product, or without starter and dessert; a composed dish brings its side', () => {
    const plat = dish('Rôti', { shares: { meatFishEgg: 1 } });
    const lasagnes = dish('Lasagnes', { shares: { meatFishEgg: 0.3 } });
    const meals: GridMeal[] = [
      {
        date: MONDAY,
        service: 'dejeuner',
        components: [
          { slot: 'plat', dish: plat },
          { slot: 'accompagnement', dish: dish('Riz') },
          { slot: 'dessert', dish: dish('Pomme') },
        ],
      },
      {
        date: addDays(MONDAY, 1),
        service: 'dejeuner',
        components: [
          { slot: 'plat', dish: lasagnes },
          { slot: 'laitier', dish: dish('Yaourt') },
          { slot: 'entree', dish: dish('Radis') },
        ],
      },
      {
        date: addDays(MONDAY, 2),
        service: 'diner',
        components: [
          { slot: 'plat', dish: plat },
          { slot: 'accompagnement', dish: dish('Riz') },
          { slot: 'laitier', dish: dish('Yaourt') },
        ],
      },
    ];
    expect(evaluateGrid(meals, 'elementaire').incomplete).toEqual([
      { date: MONDAY, service: 'dejeuner', missing: ['produit laitier'] },
      { date: addDays(MONDAY, 2), service: 'diner', missing: ['entrée ou dessert'] },
    ]);
  });

  it('an empty plan is « empty » on every line, never 15 green « Conforme · 0/0 »', () => {
    const empty = evaluateGrid([], 'elementaire');
    expect(empty.meals).toBe(0);
    expect(new Set(empty.criteria.map((c) => `${c.status} ${c.ok}`))).toEqual(new Set(['empty false']));
  });
});
