import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS } from '../../../shared/allergens.ts';
import { NUTRIENTS } from '../../../shared/nutrition.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ingredients = (query: string) => t.request('GET', `/api/catalogue/ingredients${query}`);

describe('GET /api/catalogue/ingredients', () => {
  it('finds Ciqual foods, public and cacheable, in the docs/product/api.md shape', async () => {
    const res = await ingredients('?q=beurre&limit=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body.hits).toHaveLength(3);
    const [butter] = res.body.hits;
    expect(butter).toEqual({
      kind: 'ciqual',
      id: '16400',
      code: '16400',
      allergens: [],
      traces: [],
      name: 'Beurre à 80% MG minimum, doux',
      group: 'matières grasses',
      per100g: expect.objectContaining({ energyKj: 3100, fat: 83 }),
      // What the food implies, derived from its name and Ciqual groups (src/shared/food-facts.ts).
      suggestedAllergens: ['Lait'],
      redMeat: false,
      meatKind: null,
      // Which Nutri-Score table the food leans a recipe to (src/shared/nutri-score-category.ts).
      nutriKind: 'fat',
    });
    expect(Object.keys(butter.per100g).sort()).toEqual([...NUTRIENTS].sort());
  });

  it('gives null, never 0, for a nutrient Ciqual does not know', async () => {
    // 20106 « Champignon, truffe noire, crue »: no energy value in Ciqual 2025.
    const res = await ingredients('?q=truffe%20noire&limit=50');
    const truffle = res.body.hits.find((h: { code: string }) => h.code === '20106');
    expect(truffle.per100g.energyKcal).toBeNull();
    expect(truffle.per100g.energyKj).toBeNull();
    expect(typeof truffle.per100g.water).toBe('number');
  });

  it('folds accents, plurals and typos, and takes words in any order', async () => {
    for (const [q, code] of [
      ['%C5%93ufs', '22000'], // œufs
      ['lardons', '28501'],
      ['carote', '20009'],
      ['olive%20huile', '17270'],
    ] as const) {
      const res = await ingredients(`?q=${q}&limit=3`);
      expect(
        res.body.hits.map((h: { code: string }) => h.code),
        q,
      ).toContain(code);
    }
  });

  it('returns no hits under 3 characters', async () => {
    for (const q of ['', '?q=', '?q=ri', '?q=%20%20a%20']) {
      const res = await ingredients(q);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hits: [] });
    }
  });

  it('clamps the limit (default 10, 1..50) instead of failing', async () => {
    const count = async (query: string) => (await ingredients(query)).body.hits.length as number;
    expect(await count('?q=tomate')).toBe(10);
    expect(await count('?q=tomate&limit=0')).toBe(1);
    expect(await count('?q=tomate&limit=-3')).toBe(1);
    expect(await count('?q=tomate&limit=2')).toBe(2);
    expect(await count('?q=tomate&limit=abc')).toBe(10);
    expect(await count('?q=tomate&limit=')).toBe(10);
    expect(await count('?q=sucre&limit=9999')).toBe(50);
  });

  it('answers 422 in French for a query too long, never 500', async () => {
    const res = await ingredients(`?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'validation',
      message: 'La recherche ne peut pas dépasser 100\u00a0caractères',
    });
    expect(res.headers.get('cache-control')).not.toBe('public, max-age=300');
    for (const q of ['%25', '%00%00%00', '((((', '%F0%9F%8D%85%F0%9F%8D%85%F0%9F%8D%85', 'de%20la%20du']) {
      const odd = await ingredients(`?q=${q}`);
      expect(odd.status, q).toBe(200);
    }
  });
});

describe('GET /api/catalogue/allergens', () => {
  it('lists the 14 regulated allergens without a query', async () => {
    const res = await t.request('GET', '/api/catalogue/allergens');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body.hits).toEqual(ALLERGENS.map(({ name, category }) => ({ name, category })));
  });

  it('filters by name or category, accents folded', async () => {
    expect((await t.request('GET', '/api/catalogue/allergens?q=oeuf')).body.hits).toEqual([
      { name: 'Œufs', category: 'Œufs' },
    ]);
    const sea = (await t.request('GET', '/api/catalogue/allergens?q=mer')).body.hits.map(
      (h: { name: string }) => h.name,
    );
    expect(sea).toEqual(['Crustacés', 'Poissons', 'Mollusques']);
    expect((await t.request('GET', '/api/catalogue/allergens?q=zzz')).body.hits).toEqual([]);
  });
});
