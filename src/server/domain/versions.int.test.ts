import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type LooseJson, type SignedUpUser, type TestApp } from '../test/harness.ts';
import { addMember, makePremium } from '../test/teams.ts';

/**
 * Versions and conflicts (docs/product/api.md « Versions and conflicts », src/server/domain/versions.ts):
 * for every editable resource, two members of one organisation, the second saving on what the
 * first had already changed.
 */
let t: TestApp;
let owner: SignedUpUser;
let editor: SignedUpUser;
let coOwner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Cantine des Lilas');
  await t.db.updateTable('users').set({ name: 'Marie Dupont' }).where('id', '=', owner.user.id).execute();
  editor = await addMember(t, owner, 'editor');
  coOwner = await addMember(t, owner, 'owner');
  await makePremium(t, owner.organisationId);
});
afterAll(() => t.close());

const call = (user: SignedUpUser, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.request(method, path, { cookie: user.cookie, body, headers });
const created = async (user: SignedUpUser, path: string, body: unknown) => {
  const res = await call(user, 'POST', path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};

const recipeBody = (name: string) => ({
  name,
  servings: 4,
  ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
  allergens: [],
  dietaryInfo: [],
});
const productBody = (name: string) => ({
  name,
  per100g: { energyKcal: 400, fat: 25, carbs: 38, protein: 6 },
  allergens: [],
  traces: [],
  labels: [],
});

interface Resource {
  name: string;
  /** Who saves second: an editor, or another owner where only owners write. */
  second?: () => SignedUpUser;
  /** Creates one, and returns its path (PUT or PATCH), the method, and a change of it as a body. */
  make(): Promise<{
    path: string;
    method?: string;
    change: (label: string) => LooseJson;
    read: () => Promise<LooseJson>;
  }>;
}

async function menuOf(user: SignedUpUser) {
  const menu = await created(user, '/api/menus', { name: `Carte ${Math.random()}` });
  const section = await created(user, `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  return { menu, section };
}
const sectionOf = async (menuId: string, id: string) =>
  (await call(owner, 'GET', `/api/menus/${menuId}/sections`)).body.sections.find((s: LooseJson) => s.id === id);

const RESOURCES: Resource[] = [
  {
    name: 'recipe',
    async make() {
      const recipe = await created(owner, '/api/recipes', recipeBody('Purée'));
      return {
        path: `/api/recipes/${recipe.id}`,
        change: (label) => recipeBody(label),
        read: async () => (await call(owner, 'GET', `/api/recipes/${recipe.id}`)).body,
      };
    },
  },
  {
    name: 'product',
    async make() {
      const product = await created(owner, '/api/products', productBody('Pâte feuilletée'));
      return {
        path: `/api/products/${product.id}`,
        change: (label) => productBody(label),
        read: async () => (await call(owner, 'GET', `/api/products/${product.id}`)).body,
      };
    },
  },
  {
    name: 'menu',
    async make() {
      const { menu } = await menuOf(owner);
      return {
        path: `/api/menus/${menu.id}`,
        change: (label) => ({ name: label, description: '', isActive: true }),
        read: async () => (await call(owner, 'GET', `/api/menus/${menu.id}`)).body,
      };
    },
  },
  {
    name: 'menu status (PATCH)',
    async make() {
      const { menu } = await menuOf(owner);
      let active = true;
      return {
        path: `/api/menus/${menu.id}`,
        method: 'PATCH',
        change: () => ({ isActive: (active = !active) }),
        read: async () => (await call(owner, 'GET', `/api/menus/${menu.id}`)).body,
      };
    },
  },
  {
    name: 'section',
    async make() {
      const { menu, section } = await menuOf(owner);
      return {
        path: `/api/sections/${section.id}`,
        change: (label) => ({ name: label, description: '' }),
        read: () => sectionOf(menu.id, section.id),
      };
    },
  },
  {
    name: 'item',
    async make() {
      const { menu, section } = await menuOf(owner);
      const item = await created(owner, `/api/sections/${section.id}/items`, { name: 'Café', price: 2 });
      return {
        path: `/api/items/${item.id}`,
        change: (label) => ({ name: label, description: '', isAvailable: true }),
        read: async () => (await sectionOf(menu.id, section.id)).items[0],
      };
    },
  },
  {
    name: 'formule',
    async make() {
      const { menu, section } = await menuOf(owner);
      const formule = await created(owner, `/api/menus/${menu.id}/formules`, {
        name: 'Midi',
        price: 15,
        choices: [[section.id]],
      });
      return {
        path: `/api/formules/${formule.id}`,
        change: (label) => ({ name: label, price: 15, choices: [[section.id]] }),
        read: async () =>
          (await call(owner, 'GET', `/api/menus/${menu.id}/formules`)).body.formules.find(
            (f: LooseJson) => f.id === formule.id,
          ),
      };
    },
  },
  {
    name: 'establishment',
    second: () => coOwner,
    async make() {
      const establishment = await created(owner, '/api/establishments', { name: 'Cuisine centrale' });
      return {
        path: `/api/establishments/${establishment.id}`,
        change: (label) => ({ name: label }),
        read: async () =>
          (await call(owner, 'GET', '/api/establishments')).body.establishments.find(
            (e: LooseJson) => e.id === establishment.id,
          ),
      };
    },
  },
  {
    // A Ciqual food's price (src/server/features/ingredient-prices): its first PUT makes version 1.
    name: 'ingredient price',
    async make() {
      const res = await call(owner, 'PUT', '/api/ingredient-prices/9436', { amount: 1.2, per: 'kg' });
      if (res.status !== 200) throw new Error(`ingredient price: ${res.status} ${res.text}`);
      return {
        path: '/api/ingredient-prices/9436',
        change: (label) => ({ amount: 1.3, per: 'kg', supplier: label }),
        read: async () =>
          (await call(owner, 'GET', '/api/ingredient-prices')).body.prices.find((p: LooseJson) => p.code === '9436'),
      };
    },
  },
];

describe('versions and conflicts', () => {
  it.each(RESOURCES)(
    '$name: version 1 at creation, +1 per change; a stale version → 409 naming who and when, nothing changed; If-Match; no version: taken',
    async ({ make, second }) => {
      const r = await make();
      const other = second?.() ?? editor;
      const method = r.method ?? 'PUT';
      expect((await r.read()).version).toBe(1);

      // The owner saves on version 1: 2.
      const first = await call(owner, method, r.path, { ...r.change('Version du propriétaire'), version: 1 });
      expect(first.status).toBe(200);
      expect(first.body.version).toBe(2);
      const afterOwner = await r.read();
      expect(afterOwner.version).toBe(2);

      // The editor had read version 1: 409, nothing changed.
      const stale = await call(other, method, r.path, { ...r.change('Version de l’éditeur'), version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('conflict');
      expect(stale.body.error.message).toMatch(/modifié par Marie Dupont à \d\d:\d\d/);
      expect(stale.body.error.conflict).toEqual({
        version: 2,
        updatedBy: 'Marie Dupont',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(await r.read()).toEqual(afterOwner);

      // The same through If-Match: stale → 409; current → taken.
      const staleHeader = await call(other, method, r.path, r.change('Par en-tête'), { 'If-Match': '"1"' });
      expect(staleHeader.status).toBe(409);
      const keep = await call(other, method, r.path, r.change('Gardée'), { 'If-Match': '"2"' });
      expect(keep.status).toBe(200);
      expect(keep.body.version).toBe(3);

      // Without a version, the write is taken (API clients, imports).
      const blind = await call(owner, method, r.path, r.change('Sans version'));
      expect(blind.status).toBe(200);
      expect((await r.read()).version).toBe(4);

      // Not a version: 422 next to the field, nothing changed.
      for (const bad of [-1, 1.5, '2', 2 ** 31]) {
        const res = await call(owner, method, r.path, { ...r.change('Mauvaise'), version: bad });
        expect(res.status, String(bad)).toBe(422);
        expect(res.body.error.fields.version).toMatch(/version/);
      }
      const badHeader = await call(owner, method, r.path, r.change('Mauvaise'), { 'If-Match': 'abc' });
      expect(badHeader.status).toBe(422);
      expect((await r.read()).version).toBe(4);
    },
  );

  it('another organisation’s row answers 404 with or without a version, never 409', async () => {
    const stranger = await t.signUp();
    const recipe = await created(owner, '/api/recipes', recipeBody('Secrète'));
    for (const version of [undefined, 1, 99]) {
      const res = await call(stranger, 'PUT', `/api/recipes/${recipe.id}`, { ...recipeBody('Volée'), version });
      expect(res.status).toBe(404);
    }
  });

  it('a photo changes its recipe’s version, and If-Match guards its removal', async () => {
    const recipe = await created(owner, '/api/recipes', recipeBody('Tarte'));
    const { testJpeg } = await import('../test/images.ts');
    const { putBytes } = await import('../test/photo-upload.ts');
    const put = await putBytes(t, `/api/recipes/${recipe.id}/photo`, await testJpeg(), owner.cookie);
    expect(put.status).toBe(200);
    expect((await call(owner, 'GET', `/api/recipes/${recipe.id}`)).body.version).toBe(2);
    const stale = await call(owner, 'DELETE', `/api/recipes/${recipe.id}/photo`, undefined, { 'If-Match': '"1"' });
    expect(stale.status).toBe(409);
    const gone = await call(owner, 'DELETE', `/api/recipes/${recipe.id}/photo`, undefined, { 'If-Match': '"2"' });
    expect(gone.status).toBe(204);
    expect((await call(owner, 'GET', `/api/recipes/${recipe.id}`)).body.version).toBe(3);
  });

  it('a photo answers its holder’s new version, on which the open form saves without conflicting with itself', async () => {
    const recipe = await created(owner, '/api/recipes', recipeBody('Clafoutis'));
    const { testJpeg } = await import('../test/images.ts');
    const { putBytes } = await import('../test/photo-upload.ts');
    const put = await putBytes(t, `/api/recipes/${recipe.id}/photo`, await testJpeg(), owner.cookie, {
      'If-Match': '"1"',
    });
    expect(put.status).toBe(200);
    expect(put.json.version).toBe(2);
    const saved = await call(owner, 'PUT', `/api/recipes/${recipe.id}`, {
      ...recipeBody('Clafoutis aux cerises'),
      version: put.json.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(3);
    // The photo field's If-Match, stale: 409, the photo stays.
    const stale = await putBytes(t, `/api/recipes/${recipe.id}/photo`, await testJpeg(), owner.cookie, {
      'If-Match': '"2"',
    });
    expect(stale.status).toBe(409);
  });

  it('the GEMRCN classification carries its recipe’s version: a stale save answers 409 and the boxes stay', async () => {
    const recipe = await created(owner, '/api/recipes', recipeBody('Steak haché'));
    const path = `/api/recipes/${recipe.id}/catering`;
    const opened = (await call(owner, 'GET', path)).body;
    expect(opened).toMatchObject({ tags: [], excluded: [], version: 1 });
    const first = await call(owner, 'PUT', path, { tags: ['frit'], version: opened.version });
    expect(first.body).toMatchObject({ tags: ['frit'], version: 2 });
    const late = await call(owner, 'PUT', path, { tags: ['viande-non-hachee'], version: opened.version });
    expect(late.status).toBe(409);
    expect((await call(owner, 'GET', path)).body).toMatchObject({ tags: ['frit'], version: 2 });
  });

  it('one week, two people: the editor who did not reload gets 409 and Friday’s dessert stays', async () => {
    const establishment = (await call(owner, 'GET', '/api/establishments')).body.establishments[0];
    const dessert = await created(owner, '/api/recipes', recipeBody('Compote'));
    const otherDessert = await created(owner, '/api/recipes', recipeBody('Yaourt'));
    const entree = await created(owner, '/api/recipes', recipeBody('Carottes râpées'));
    const friday = '2026-03-06';
    const path = `/api/meal-plans/${establishment.id}/${friday}/dejeuner`;
    const week = async () =>
      (
        await call(owner, 'GET', `/api/meal-plans?establishmentId=${establishment.id}&from=2026-03-02&to=2026-03-08`)
      ).body.days.find((d: LooseJson) => d.date === friday).services;

    // Never saved: absent, version 0; naming another version is stale (409) and creates nothing.
    expect(await week()).toEqual([]);
    const unknown = await call(owner, 'PUT', path, {
      components: [{ slot: 'dessert', recipeId: dessert.id }],
      version: 3,
    });
    expect([unknown.status, unknown.body.error.conflict]).toEqual([
      409,
      { version: 0, updatedAt: null, updatedBy: null },
    ]);
    expect(await week()).toEqual([]);
    // The first save makes version 1.
    const planned = await call(owner, 'PUT', path, {
      components: [{ slot: 'dessert', recipeId: dessert.id }],
      version: 0,
    });
    expect(planned.status).toBe(200);
    expect(planned.body.services[0].version).toBe(1);

    // Both open the week at version 1; the owner changes the dessert.
    const changed = await call(owner, 'PUT', path, {
      components: [{ slot: 'dessert', recipeId: otherDessert.id }],
      version: 1,
    });
    expect(changed.body.services[0].version).toBe(2);
    // The editor adds an entrée to what they had read: refused.
    const lost = await call(editor, 'PUT', path, {
      components: [
        { slot: 'entree', recipeId: entree.id },
        { slot: 'dessert', recipeId: dessert.id },
      ],
      version: 1,
    });
    expect(lost.status).toBe(409);
    expect(lost.body.error.message).toContain('modifié par Marie Dupont à');
    expect(await week()).toEqual([
      {
        service: 'dejeuner',
        version: 2,
        components: [{ slot: 'dessert', recipeId: otherDessert.id, recipeName: 'Yaourt' }],
      },
    ]);

    // A second first save of the same service is a conflict too.
    const samedi = `/api/meal-plans/${establishment.id}/2026-03-07/dejeuner`;
    expect((await call(owner, 'PUT', samedi, { components: [], version: 0 })).status).toBe(200);
    expect((await call(editor, 'PUT', samedi, { components: [], version: 0 })).status).toBe(409);
    // Emptied, it is still listed with its version, so the next save can name it.
    expect((await week()).length).toBe(1);
    const saturday = (
      await call(owner, 'GET', `/api/meal-plans?establishmentId=${establishment.id}&from=2026-03-07&to=2026-03-07`)
    ).body.days[0].services;
    expect(saturday).toEqual([{ service: 'dejeuner', version: 1, components: [] }]);

    // A copy onto Friday replaces it: the service takes a new version.
    const copy = await call(owner, 'POST', `/api/meal-plans/${establishment.id}/copy`, {
      from: '2026-03-05',
      days: 1,
      to: friday,
    });
    expect(copy.status).toBe(200);
    expect(await week()).toEqual([{ service: 'dejeuner', version: 3, components: [] }]);
    const afterCopy = await call(editor, 'PUT', path, { components: [], version: 2 });
    expect(afterCopy.status).toBe(409);
  });
});
