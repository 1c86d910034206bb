import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import { menuMessages } from '../../../shared/api/menus.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

/** Prices and items without a recipe (docs/product/decisions.md 18, docs/product/api.md « Menus for diners »). */
const recipe = (name: string) => ({
  name,
  servings: 2,
  ingredients: [{ code: '16400', quantity: 20, unit: 'g' }],
  allergens: ['Lait'],
  dietaryInfo: [],
});

let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

const post = (path: string, body: unknown = {}) => t.request('POST', path, { cookie: owner.cookie, body });
const put = (path: string, body: unknown) => t.request('PUT', path, { cookie: owner.cookie, body });
const itemRows = async () =>
  t.db.selectFrom('menu_items').select(['id', 'name', 'price', 'allergens']).orderBy('id').execute();

async function freshMenu() {
  const menu = (await post('/api/menus', { name: 'Carte' })).body;
  const section = (await post(`/api/menus/${menu.id}/sections`, { name: 'Boissons' })).body;
  return { menu, section };
}

describe('prices and items without a recipe', () => {
  it('sets, changes and clears an item’s price; absent leaves it; the public page shows it and « Prix nets, service compris »', async () => {
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium' })
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    const { menu, section } = await freshMenu();
    const gratin = (await post('/api/recipes', recipe('Gratin'))).body;
    const item = (await post(`/api/sections/${section.id}/items`, { recipeId: gratin.id })).body;
    expect(item.price).toBeNull();
    const page = async () => (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(await page()).not.toContain('Prix nets');

    const priced = await put(`/api/items/${item.id}`, {
      name: 'Gratin',
      description: '',
      isAvailable: true,
      price: 12.5,
    });
    expect([priced.status, priced.body.price]).toEqual([200, 12.5]);
    const renamed = await put(`/api/items/${item.id}`, {
      name: 'Gratin dauphinois',
      description: '',
      isAvailable: true,
    });
    expect(renamed.body.price).toBe(12.5);
    const html = await page();
    expect(html).toContain(
      '<h3>Gratin dauphinois</h3><p class="pr"><span class="sr">Prix\u00a0: </span>12,50\u00a0€</p>',
    );
    expect(html).toContain('<p class="pm">Prix nets, service compris</p>');
    expect((await t.request('GET', `/api/public/menus/${menu.id}`)).body.sections[0].items[0].price).toBe(12.5);

    const cleared = await put(`/api/items/${item.id}`, {
      name: 'Gratin dauphinois',
      description: '',
      isAvailable: true,
      price: null,
    });
    expect(cleared.body.price).toBeNull();
    expect(await page()).not.toContain('class="pr"');
  });

  it('creates a drink without a recipe, with its price, description, own allergens and diet labels, shown to diners', async () => {
    const user = await t.signUp();
    const api = (method: 'POST' | 'PUT', path: string, body: unknown) =>
      t.request(method, path, { cookie: user.cookie, body });
    const menu = (await api('POST', '/api/menus', { name: 'Carte' })).body;
    const section = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Vins' })).body;
    const wine = await api('POST', `/api/sections/${section.id}/items`, {
      name: 'Côtes du Rhône, le verre 12 cl',
      price: 6,
      description: 'AOP, rouge',
      allergens: ['Anhydride sulfureux et sulfites'],
      dietaryInfo: ['Végan'],
      allergensDeclared: true,
    });
    expect(wine.status).toBe(201);
    expect(wine.body).toMatchObject({
      name: 'Côtes du Rhône, le verre 12 cl',
      price: 6,
      description: 'AOP, rouge',
      recipe: null,
      labels: {
        allergens: ['Anhydride sulfureux et sulfites'],
        traces: [],
        dietaryInfo: ['Végan'],
        allergenStatus: 'declared',
      },
    });
    const coffee = (await api('POST', `/api/sections/${section.id}/items`, { name: 'Café', price: 2.2 })).body;
    expect(coffee.labels).toEqual({ allergens: [], traces: [], dietaryInfo: [], allergenStatus: 'unverified' });
    const confirmed = await api('PUT', `/api/items/${coffee.id}`, {
      name: 'Café',
      description: '',
      isAvailable: true,
      traces: ['Lait'],
      allergensDeclared: true,
    });
    expect(confirmed.body.labels).toEqual({
      allergens: [],
      traces: ['Lait'],
      dietaryInfo: [],
      allergenStatus: 'declared',
    });

    const html = (await t.request('GET', `/menu/${menu.id}`)).text;
    const wineHtml = html.slice(html.indexOf('<h3>Côtes du Rhône, le verre 12 cl</h3>'));
    expect(wineHtml).toContain('6,00\u00a0€');
    expect(wineHtml).toContain('<li>Anhydride sulfureux et sulfites</li>');
    expect(wineHtml).toContain('<ul class="badges diet"><li>Végan</li></ul>');
    expect(html.slice(html.indexOf('<h3>Café</h3>'))).toContain(
      `<p class="al">Allergènes\u00a0: ${ALLERGEN_STATEMENTS.none}</p>`,
    );
  });

  it.each([
    [{ name: 'Café' }, 'price', menuMessages.itemPriceRequired],
    [{ name: 'Café', price: -1 }, 'price', menuMessages.priceNotNegative],
    [{ name: 'Café', price: 100_001 }, 'price', menuMessages.priceTooHigh],
    [{ name: 'Café', price: '2,20' }, 'price', menuMessages.itemPriceRequired],
    [{ name: ' ', price: 2 }, 'name', menuMessages.itemNameRequired],
    [{ name: 'Café', price: 2, allergens: ['Lactose'] }, 'allergens.0', 'Allergène inconnu'],
    [{ recipeId: 'abc' }, 'recipeId', menuMessages.recipeRequired],
  ])('refuses %j with 422 next to the field and stores nothing', async (body, field, message) => {
    const { section } = await freshMenu();
    const before = await itemRows();
    const res = await post(`/api/sections/${section.id}/items`, body);
    expect([res.status, res.body.error.fields?.[field]]).toEqual([422, message]);
    expect(await itemRows()).toEqual(before);
  });

  it('refuses a negative or malformed price on update with 422 and changes nothing', async () => {
    const { section } = await freshMenu();
    const coffee = (await post(`/api/sections/${section.id}/items`, { name: 'Café', price: 2 })).body;
    const before = await itemRows();
    for (const price of [-0.5, 'douze', 1e9]) {
      const res = await put(`/api/items/${coffee.id}`, { name: 'Café', description: '', isAvailable: true, price });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.price).toBeTruthy();
    }
    expect(await itemRows()).toEqual(before);
  });
});
