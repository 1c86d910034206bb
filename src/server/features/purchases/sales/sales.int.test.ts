import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/harness.ts';
import { ciiXml, postFile } from '../../../test/invoices.ts';

let t: TestApp;
let owner: SignedUpUser;
let menuId: string;
const ids = {} as Record<'beef' | 'potatoes' | 'burger' | 'fries' | 'tartare', string>;

const ok = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};
const recipe = (name: string, price: number, productId: string, grams: number) =>
  ok('POST', '/api/recipes', {
    name,
    servings: 1,
    price,
    ingredients: [{ productId, quantity: grams, unit: 'g' }],
    allergens: [],
    dietaryInfo: [],
  });

const SALES =
  'date;article;code;quantite;montant_ttc\n' +
  '02/03/2026;Burger maison;B1;60;900\n' +
  '03/03/2026;BURGER MAISON;B1;40;600\n' +
  '02/03/2026;Frites fraîches;F1;120;600\n' +
  '04/03/2026;Tartare de bœuf;T1;20;440\n' +
  '05/03/2026;Café;C1;50;125\n' +
  '05/03/2026;Menu enfant;ME;5;50\n';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const product = async (name: string, price: number) =>
    (
      await ok('POST', '/api/products', {
        name,
        per100g: {},
        allergens: [],
        traces: [],
        price: { amount: price, per: 'kg' },
      })
    ).id;
  ids.beef = await product('Bœuf haché', 20);
  ids.potatoes = await product('Pommes de terre', 1);
  ids.burger = (await recipe('Burger maison', 15, ids.beef, 150)).id;
  ids.fries = (await recipe('Frites fraîches', 5, ids.potatoes, 300)).id;
  ids.tartare = (await recipe('Tartare de bœuf', 22, ids.beef, 200)).id;
  menuId = (await ok('POST', '/api/menus', { name: 'Carte' })).id;
  const section = await ok('POST', `/api/menus/${menuId}/sections`, { name: 'Plats' });
  for (const id of [ids.burger, ids.fries, ids.tartare])
    await ok('POST', `/api/sections/${section.id}/items`, { recipeId: id });
  await ok('POST', `/api/sections/${section.id}/items`, {
    name: 'Café',
    price: 2.5,
    allergens: [],
    traces: [],
    dietaryInfo: [],
    allergensDeclared: true,
  });
});
afterAll(() => t?.close());

describe(`sales and menu engineering (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('imports a till’s CSV, matched to the menu’s items by name; the same file twice → 409', async () => {
    const res = await postFile(t, '/api/sales/import', SALES, owner.cookie, 'text/csv');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      rows: 6,
      matched: 5,
      unmatched: [{ name: 'Menu enfant', quantity: 5 }],
      format: 'générique',
      from: '2026-03-02',
      to: '2026-03-05',
    });
    const again = await postFile(t, '/api/sales/import', SALES, owner.cookie, 'text/csv');
    expect([again.status, again.body.error.message]).toEqual([409, m.salesDuplicate]);
    const bad = await postFile(t, '/api/sales/import', 'nom;prix\nx;1\n', owner.cookie, 'text/csv');
    expect([bad.status, bad.body.error.fields]).toEqual([422, { file: m.salesNoColumns }]);
  });

  it('classes each dish (Kasavana–Smith): the burger a star, the fries a plowhorse, the tartare a puzzle', async () => {
    const res = await ok('GET', `/api/menus/${menuId}/engineering?from=2026-03-01&to=2026-03-31`);
    // Margins HT: 15 ÷ 1,1 − 3 = 10,64; 5 ÷ 1,1 − 0,30 = 4,25; 22 ÷ 1,1 − 4 = 16; the coffee has no recipe, so no margin.
    expect(res.popularityThreshold).toBe(17.5);
    expect(res.averageMargin).toBe(7.89);
    expect(res.totalSold).toBe(290);
    expect(
      res.items.map(
        (i: {
          name: string;
          sold: number;
          marginPerItem: number | null;
          popularityIndex: number;
          class: string | null;
        }) => [i.name, i.sold, i.marginPerItem, i.popularityIndex, i.class],
      ),
    ).toEqual([
      ['Burger maison', 100, 10.64, 34.5, 'star'],
      ['Frites fraîches', 120, 4.25, 41.4, 'plowhorse'],
      ['Tartare de bœuf', 20, 16, 6.9, 'puzzle'],
      ['Café', 50, null, 17.2, null],
    ]);
    const before = await ok('GET', `/api/menus/${menuId}/engineering?from=2026-01-01&to=2026-01-31`);
    expect(before.items.every((i: { sold: number; class: null }) => i.sold === 0 && i.class === null)).toBe(true);
  });

  it('compares what the sales should have used with what was bought over the period', async () => {
    const invoice = await postFile(
      t,
      '/api/purchases/invoices',
      ciiXml({
        number: 'V-1',
        date: '2026-03-01',
        lines: [
          { description: 'Bœuf haché 15 %', quantity: 20, unitCode: 'KGM', unitPrice: 20 },
          { description: 'Pommes de terre sac 10 kg', quantity: 4, unitCode: 'XBG', unitPrice: 10 },
        ],
      }),
      owner.cookie,
    );
    await ok('POST', `/api/purchases/invoices/${invoice.body.invoice.id}/confirm`, {});
    const res = await ok('GET', '/api/purchases/consumption?from=2026-03-01&to=2026-03-31');
    // Beef: 100 × 150 g + 20 × 200 g = 19 kg used, 20 kg bought. Potatoes: 120 × 300 g = 36 kg, 4 sacks of 10 kg.
    expect(res.rows).toEqual([
      {
        productId: ids.beef,
        name: 'Bœuf haché',
        per: 'kg',
        theoretical: 19,
        purchased: 20,
        gap: 1,
        gapValue: 20,
        gapPercent: 5.3,
      },
      {
        productId: ids.potatoes,
        name: 'Pommes de terre',
        per: 'kg',
        theoretical: 36,
        purchased: 40,
        gap: 4,
        gapValue: 4,
        gapPercent: 11.1,
      },
    ]);
    expect(res.uncounted).toEqual(['Café']);
  });

  it('another organisation’s menu is a 404', async () => {
    const other = await t.signUp();
    const res = await t.request('GET', `/api/menus/${menuId}/engineering`, { cookie: other.cookie });
    expect(res.status).toBe(404);
  });
});
