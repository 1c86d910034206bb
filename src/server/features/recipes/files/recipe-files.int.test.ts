import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPE_FILE_HEADERS } from '../../../../shared/recipe-file.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/harness.ts';
import { addMember } from '../../../test/teams.ts';
import { bombXlsx, millionRowsCsv } from '../../../test/hostile-tables.ts';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
});
afterAll(() => t.close());

const upload = async (
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  cookie = owner.cookie,
  type = 'text/csv',
) => {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': type, cookie },
    body,
  });
  return { status: res.status, body: await res.json() };
};
const recipeNames = async (organisationId: string) =>
  (
    await t.db
      .selectFrom('recipes')
      .select('name')
      .where('organisation_id', '=', organisationId)
      .orderBy('name')
      .execute()
  ).map((r) => r.name);

// A French Excel's CSV of the export's columns (the computed cost columns left blank).
const csv = (lines: string[]) => `\uFEFF${RECIPE_FILE_HEADERS.join(';')}\n${lines.join('\n')}\n`;
const row = (
  recipe: string,
  servings: string,
  ingredient: string,
  kind: string,
  quantity: string,
  unit: string,
  gramsPerUnit = '',
) => [recipe, servings, '', 'sur place', '', '', '', ingredient, kind, quantity, unit, gramsPerUnit].join(';');

describe('recipe files (docs/decisions/0023)', () => {
  it('previews each row’s problems in French and refuses the whole file while one row is wrong', async () => {
    const bad = csv([
      row('Pâte brisée', '4', 'Beurre à 80% MG minimum, doux', 'Ciqual', '125', 'g'),
      row('Pâte brisée', '4', 'Farine introuvable', 'Ciqual', '250', 'g'),
      row('Quiche', 'six', 'Pâte brisée', 'Sous-recette', '2', 'portion'),
      row('Quiche', 'six', 'Crème de mon fournisseur', 'Mon produit', '200', 'g'),
      row('Quiche', 'six', 'Oeuf cru', 'Ciqual', '3', 'unité'),
      row('Tarte', '6', 'Tarte', 'Sous-recette', '1', 'portion'),
      row('Soupe', '4', 'Oeuf cru', 'Aliment', 'beaucoup', 'g'),
    ]);
    const preview = await upload('/api/files/recipes/preview', bad);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: 7, valid: 1, recipes: 4 });
    expect(preview.body.rows).toEqual([
      {
        line: 3,
        name: 'Pâte brisée',
        problems: [
          'Aliment Ciqual introuvable\u00a0: «\u00a0Farine introuvable\u00a0» (son nom exact dans la recherche d’ingrédients)',
        ],
      },
      { line: 4, name: 'Quiche', problems: ['Portions\u00a0: nombre attendu, par exemple 9,80'] },
      {
        line: 5,
        name: 'Quiche',
        problems: ['Produit introuvable dans «\u00a0Mes produits\u00a0»\u00a0: «\u00a0Crème de mon fournisseur\u00a0»'],
      },
      { line: 6, name: 'Quiche', problems: [expect.stringMatching(/poids d’une unité/i)] },
      { line: 7, name: 'Tarte', problems: [expect.stringMatching(/^Sous-recette introuvable/)] },
      {
        line: 8,
        name: 'Soupe',
        problems: [
          'Quantité\u00a0: nombre attendu, par exemple 9,80',
          'Type\u00a0: «\u00a0Ciqual\u00a0», «\u00a0Mon produit\u00a0» ou «\u00a0Sous-recette\u00a0»',
        ],
      },
    ]);
    const refused = await upload('/api/files/recipes/import', bad);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/^Rien n’a été importé\u00a0: ligne 3/);
    expect(refused.body.error.fields['line.5']).toContain('Produit introuvable');
    expect(await recipeNames(owner.organisationId)).toEqual([]);
  });

  it('imports the template, then the export imports again into another organisation, the same recipes (round trip)', async () => {
    const template = await t.request('GET', '/api/files/recipes/template?format=csv', { cookie: owner.cookie });
    expect(template.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(RECIPE_FILE_HEADERS.join(';'));
    const fromTemplate = await upload('/api/files/recipes/import', template.text);
    expect([fromTemplate.status, fromTemplate.body]).toEqual([201, { imported: 2 }]);
    // A product line too: the products travel first, by their own file.
    const product = await t.request('POST', '/api/products', {
      cookie: owner.cookie,
      body: {
        name: 'Crème fraîche Marque X',
        per100g: { energyKcal: 292, fat: 30 },
        allergens: ['Lait'],
        price: { amount: 6.2, per: 'kg' },
      },
    });
    expect(product.status).toBe(201);
    const quiche = (await t.request('GET', '/api/recipes', { cookie: owner.cookie })).body.recipes.find(
      (r: { name: string }) => r.name === 'Quiche lorraine',
    );
    const withCream = {
      ...quiche,
      ingredients: [...quiche.ingredients, { productId: product.body.id, quantity: 200, unit: 'g' }],
    };
    expect(
      (await t.request('PUT', `/api/recipes/${quiche.id}`, { cookie: owner.cookie, body: withCream })).status,
    ).toBe(200);

    const products = await t.request('GET', '/api/files/products/export?format=csv', { cookie: owner.cookie });
    expect(
      (
        await t.app.request('/api/files/products/import', {
          method: 'POST',
          headers: { origin: t.deps.config.publicOrigin, 'content-type': 'text/csv', cookie: other.cookie },
          body: products.text,
        })
      ).status,
    ).toBe(201);
    const exported = await t.request('GET', '/api/files/recipes/export?format=csv', { cookie: owner.cookie });
    expect(exported.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(RECIPE_FILE_HEADERS.join(';'));
    const again = await upload('/api/files/recipes/import', exported.text, other.cookie);
    expect([again.status, again.body]).toEqual([201, { imported: 2 }]);

    const summary = async (cookie: string) =>
      ((await t.request('GET', '/api/recipes', { cookie })).body.recipes as Record<string, never>[])
        .map((r: Record<string, unknown>) => ({
          name: r.name,
          servings: r.servings,
          price: r.price,
          allergens: r.allergens,
          kcal: (r.nutrition as { totals: { energyKcal: number } }).totals.energyKcal,
          cost: r.costPerServing,
          lines: (r.ingredients as { name: string; kind: string; quantity: number; unit: string }[]).map((l) => [
            l.name,
            l.kind,
            l.quantity,
            l.unit,
          ]),
        }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const original = await summary(owner.cookie);
    expect(original[1]).toMatchObject({ name: 'Quiche lorraine', price: 12.5, allergens: ['Lait'] });
    expect(await summary(other.cookie)).toEqual(original);
  });

  it('a free organisation: a file that would pass 5 recipes is refused with the limit message, nothing stored; a viewer may not import', async () => {
    const free = await t.signUp();
    const six = csv(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => row(`Plat ${name}`, '2', 'Oeuf cru', 'Ciqual', '2', 'unité', '50')),
    );
    const preview = await upload('/api/files/recipes/preview', six, free.cookie);
    expect(preview.body).toMatchObject({ total: 6, valid: 6, recipes: 6, rows: [] });
    const refused = await upload('/api/files/recipes/import', six, free.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'plan_limit',
      message: expect.stringContaining('Limite de recettes atteinte'),
    });
    expect(await recipeNames(free.organisationId)).toEqual([]);
    const five = await upload('/api/files/recipes/import', csv(six.trim().split('\n').slice(1, 6)), free.cookie);
    expect([five.status, five.body]).toEqual([201, { imported: 5 }]);

    const viewer = await addMember(t, owner, 'viewer');
    const before = await recipeNames(owner.organisationId);
    expect((await upload('/api/files/recipes/import', six, viewer.cookie)).status).toBe(403);
    expect((await t.request('GET', '/api/files/recipes/template', { cookie: viewer.cookie })).status).toBe(200);
    expect(await recipeNames(owner.organisationId)).toEqual(before);
    const noHeader = await upload('/api/files/recipes/preview', 'Nom;Prix\nBeurre;3\n');
    expect([noHeader.status, noHeader.body.error.fields.file]).toEqual([
      422,
      'La première ligne doit porter les titres des colonnes, dont «\u00a0Recette\u00a0»',
    ]);
  });

  it('refuses hostile files to preview and import in French (a zip bomb, 1,000,000 rows, a 5,000-character cell, 300 columns), one at a time per organisation; nothing stored', async () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const before = await recipeNames(owner.organisationId);
    const files = [
      [await bombXlsx(), XLSX, /^Fichier trop volumineux/],
      [millionRowsCsv(), 'text/csv', /^Au plus 10/],
      [csv([`${'a'.repeat(5_000)};4`]), 'text/csv', /^Une cellule dépasse 4\u202f000\u00a0caractères \(ligne 2\)/],
      [`${'x;'.repeat(300)}recette\n`, 'text/csv', /^Au plus 200 colonnes/],
    ] as const;
    for (const path of ['/api/files/recipes/preview', '/api/files/recipes/import'])
      for (const [bytes, type, message] of files) {
        const res = await upload(path, bytes, owner.cookie, type);
        expect([path, res.status]).toEqual([path, 422]);
        expect(res.body.error.fields.file).toMatch(message);
      }
    const [first, second] = await Promise.all([
      upload('/api/files/recipes/import', millionRowsCsv(), owner.cookie),
      upload('/api/files/recipes/preview', millionRowsCsv(), owner.cookie),
    ]);
    expect([first.status, second.status].sort()).toEqual([422, 429]);
    expect(await recipeNames(owner.organisationId)).toEqual(before);
  }, 60_000);
});
