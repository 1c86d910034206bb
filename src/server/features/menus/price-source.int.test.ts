import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionMessages } from '../../../shared/permissions.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium } from '../../test/teams.ts';

/** One price per dish, and who sees costs (docs/product/api.md « Kitchen »). */
let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await makePremium(t, owner.organisationId);
});
afterAll(() => t.close());

const as = (who: SignedUpUser) => (method: string, path: string, body?: unknown) =>
  t.request(method, path, { cookie: who.cookie, body });
const api = (method: string, path: string, body?: unknown) => as(owner)(method, path, body);

async function salad(price: number | null) {
  const product = await api('POST', '/api/products', {
    name: 'Thon albacore',
    per100g: { energyKcal: 120 },
    allergens: ['Poissons'],
    traces: [],
    labels: [],
    price: { amount: 24, per: 'kg' },
  });
  return (
    await api('POST', '/api/recipes', {
      name: 'Salade niçoise',
      servings: 1,
      price,
      ingredients: [{ productId: product.body.id, quantity: 100, unit: 'g' }],
      allergens: ['Poissons'],
      allergensDeclared: true,
    })
  ).body;
}

async function menuWith(recipeId: string) {
  const menu = (await api('POST', '/api/menus', { name: 'Carte d’été' })).body;
  const section = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Entrées' })).body;
  const item = (await api('POST', `/api/sections/${section.id}/items`, { recipeId })).body;
  return { menu, section, item };
}

const dinerPrice = async (menuId: string) =>
  (await t.request('GET', `/api/public/menus/${menuId}`)).body.sections[0].items[0].price as number | null;
const itemOf = async (menuId: string) => (await api('GET', `/api/menus/${menuId}/sections`)).body.sections[0].items[0];

describe('one price per dish', () => {
  it('an item follows its recipe’s price; its own price is « prix propre au menu »; null goes back to the recipe’s', async () => {
    const recipe = await salad(11);
    const { menu, item } = await menuWith(recipe.id);
    expect(item).toMatchObject({ price: null, priceSource: 'recipe', recipe: { price: 11 } });
    expect(await dinerPrice(menu.id)).toBe(11);
    expect(await t.request('GET', `/menu/${menu.id}`).then((r) => r.text)).toContain('11,00');

    // The recipe's price changes: the diner sees it at once.
    await api('PUT', `/api/recipes/${recipe.id}`, {
      name: 'Salade niçoise',
      servings: 1,
      price: 11.5,
      ingredients: recipe.ingredients.map((l: { productId: string }) => ({
        productId: l.productId,
        quantity: 100,
        unit: 'g',
      })),
      allergens: ['Poissons'],
      allergensDeclared: true,
    });
    expect(await dinerPrice(menu.id)).toBe(11.5);

    const own = await api('PUT', `/api/items/${item.id}`, {
      name: item.name,
      description: '',
      isAvailable: true,
      price: 9.5,
    });
    expect(own.body).toMatchObject({ price: 9.5, priceSource: 'item', recipe: { price: 11.5 } });
    expect(await dinerPrice(menu.id)).toBe(9.5);
    // « Coûts » shows the margins at the price the diner sees on that menu: 9,50 ÷ 1,10 = 8,64 € HT, 2,40 € of food.
    const costs = (await api('GET', '/api/recipes?view=costs')).body.recipes.find(
      (r: { id: string }) => r.id === recipe.id,
    );
    expect(costs.menuPrices).toEqual([
      { menuName: 'Carte d’été', price: 9.5, priceHt: 8.64, foodCostPercent: 27.8, coefficient: 3.6 },
    ]);

    const back = await api('PUT', `/api/items/${item.id}`, {
      name: item.name,
      description: '',
      isAvailable: true,
      price: null,
    });
    expect(back.body).toMatchObject({ price: null, priceSource: 'recipe' });
    expect(await dinerPrice(menu.id)).toBe(11.5);
    expect((await itemOf(menu.id)).priceSource).toBe('recipe');
    const followed = (await api('GET', '/api/recipes?view=costs')).body.recipes.find(
      (r: { id: string }) => r.id === recipe.id,
    );
    expect(followed.menuPrices).toEqual([]);
  });

  it('an item without a recipe keeps its own price (`item`), null stays « prix à renseigner »', async () => {
    const menu = (await api('POST', '/api/menus', { name: 'Boissons' })).body;
    const section = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Vins' })).body;
    const wine = await api('POST', `/api/sections/${section.id}/items`, { name: 'Côtes-du-Rhône', price: 5 });
    expect(wine.body).toMatchObject({ price: 5, priceSource: 'item', recipe: null });
    const cleared = await api('PUT', `/api/items/${wine.body.id}`, {
      name: 'Côtes-du-Rhône',
      description: '',
      isAvailable: true,
      price: null,
    });
    expect(cleared.body).toMatchObject({ price: null, priceSource: 'item' });
    expect(await dinerPrice(menu.id)).toBeNull();
  });
});

describe('who sees costs; the « Service » role', () => {
  it('viewer and service read recipes and products without costs, margins or prices; « Coûts » and exports are refused', async () => {
    const recipe = await salad(12);
    const own = await api('GET', `/api/recipes/${recipe.id}`);
    expect(own.body.costPerServing).toBe(2.4);
    for (const role of ['viewer', 'service'] as const) {
      const member = as(await addMember(t, owner, role));
      const read = (await member('GET', `/api/recipes/${recipe.id}`)).body;
      expect(read).toMatchObject({
        name: 'Salade niçoise',
        price: 12,
        costPerServing: null,
        foodCostPercent: null,
        coefficient: null,
        costMissing: [],
      });
      const page = (await member('GET', '/api/recipes?limit=10')).body.recipes;
      expect(page.every((r: { costPerServing: unknown }) => r.costPerServing === null)).toBe(true);
      const list = (await member('GET', '/api/recipes')).body.recipes;
      expect(list.every((r: { costPerServing: unknown }) => r.costPerServing === null)).toBe(true);
      expect((await member('GET', '/api/recipes?view=costs')).status).toBe(403);
      expect((await member('GET', '/api/recipes?view=summary')).status).toBe(200);
      const products = (await member('GET', '/api/products')).body.products;
      expect(products.length).toBeGreaterThan(0);
      expect(products.every((p: { price: unknown }) => p.price === null)).toBe(true);
      expect((await member('GET', `/api/products/${products[0].id}`)).body.price).toBeNull();
      expect((await member('GET', '/api/files/recipes/export?format=csv')).status).toBe(403);
      expect((await member('GET', '/api/files/products/export?format=csv')).status).toBe(403);
    }
  });

  it('service reads the menus and marks a dish « Épuisé » and back; every other write is 403', async () => {
    const recipe = await salad(10);
    const { menu, section, item } = await menuWith(recipe.id);
    const service = as(await addMember(t, owner, 'service'));
    expect((await service('GET', '/api/menus')).status).toBe(200);
    expect((await service('GET', `/api/menus/${menu.id}/sections`)).body.sections[0].items[0].id).toBe(item.id);
    const out = await service('PUT', `/api/items/${item.id}/sold-out`, { soldOut: true });
    expect([out.status, out.body.soldOut]).toEqual([200, true]);
    expect((await t.request('GET', `/api/public/menus/${menu.id}`)).body.sections[0].items[0].soldOut).toBe(true);
    expect((await service('PUT', `/api/items/${item.id}/sold-out`, { soldOut: false })).body.soldOut).toBe(false);

    const refused = [
      await service('PUT', `/api/items/${item.id}`, { name: 'x', description: '', isAvailable: false }),
      await service('POST', `/api/sections/${section.id}/items`, { name: 'Eau', price: 0 }),
      await service('PUT', `/api/menus/${menu.id}`, { name: 'x', description: '', isActive: false }),
      await service('PATCH', `/api/menus/${menu.id}`, { isActive: false }),
      await service('DELETE', `/api/items/${item.id}`),
      await service('POST', '/api/recipes', { name: 'x', servings: 1, ingredients: [], allergens: [] }),
      await service('PUT', '/api/ingredient-prices/9436', { amount: 1, per: 'kg' }),
      await service('POST', '/api/qr-codes', { name: 'Table 1', menuId: menu.id }),
      await service('POST', '/api/establishments', { name: 'Autre' }),
      await service('POST', '/api/organisation/invitations', { email: 'x@example.fr', role: 'editor' }),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
    expect(refused[0]!.body.error.message).toBe(permissionMessages.forbidden);
    // The viewer still cannot mark a dish.
    const viewer = as(await addMember(t, owner, 'viewer'));
    expect((await viewer('PUT', `/api/items/${item.id}/sold-out`, { soldOut: true })).status).toBe(403);
  });
});
