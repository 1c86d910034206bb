import { gunzipSync } from 'node:zlib';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIQUAL_ATTRIBUTION } from '../../../shared/ciqual.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createTestApp, TEST_ORIGIN, type LooseJson, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { loadPublicMenu } from './service.ts';

const XSS = `<script>alert('x')</script><img src=x onerror="alert(1)">`;

let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
  await premium(owner);
});
afterAll(() => t.close());

async function premium(user: SignedUpUser) {
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', user.organisationId)
    .execute();
}

const as = (user: SignedUpUser) => ({
  post: async (path: string, body: unknown = {}) =>
    expectOk(await t.request('POST', path, { cookie: user.cookie, body })),
  put: async (path: string, body: unknown) => expectOk(await t.request('PUT', path, { cookie: user.cookie, body })),
  patch: async (path: string, body: unknown) => expectOk(await t.request('PATCH', path, { cookie: user.cookie, body })),
  del: (path: string) => t.request('DELETE', path, { cookie: user.cookie }),
});

function expectOk(res: { status: number; body: LooseJson; text: string }): LooseJson {
  if (res.status >= 300) throw new Error(`${res.status} ${res.text}`);
  return res.body;
}

const recipe = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  servings: 2,
  // Butter, egg, flour: every nutrient known in Ciqual.
  ingredients: [
    { code: '16400', quantity: 20, unit: 'g' },
    { code: '22000', quantity: 100, unit: 'g' },
    { code: '9410', quantity: 50, unit: 'g' },
  ],
  allergens: [],
  dietaryInfo: [],
  ...extra,
});

const page = (id: string, headers: Record<string, string> = {}) => t.request('GET', `/menu/${id}`, { headers });
/** Visible text of an HTML fragment, entities decoded. */
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
/** « 6,3 g » written independently of the page's formatter. */
const grams = (value: number) => `${value.toFixed(1).replace('.', ',')} g`;

/** A menu with two sections shown in a moved order, hidden items and sections, and every nutrition case. */
async function richMenu() {
  const api = as(owner);
  const menu = await api.post('/api/menus', { name: 'Carte d’été', description: 'Produits frais du marché' });
  const entrees = await api.post(`/api/menus/${menu.id}/sections`, { name: 'Entrées', description: 'Pour commencer' });
  const plats = await api.post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const desserts = await api.post(`/api/menus/${menu.id}/sections`, { name: 'Desserts' });
  await api.post(`/api/sections/${plats.id}/move`, { position: 0 }); // Plats, Entrées, Desserts

  const omelette = await api.post(
    '/api/recipes',
    recipe('Omelette', { allergens: ['Œufs', 'Lait', 'Gluten'], allergensDeclared: true, dietaryInfo: ['Végétarien'] }),
  );
  // Not confirmed: its diners are told to ask (docs/product/decisions.md 15).
  const crepe = await api.post('/api/recipes', recipe('Crêpe', { dietaryInfo: ['Végétarien', 'Sans lactose'] }));
  // Confirmed, and none of the 14.
  const soupe = await api.post('/api/recipes', recipe('Soupe', { allergensDeclared: true }));
  const gone = await api.post('/api/recipes', recipe('Recette supprimée'));
  // A value unknown in the catalogue is null: it must not be shown.
  await t.db
    .updateTable('recipes')
    .set({ carbs_per_serving: null, fat_per_serving: null })
    .where('id', '=', soupe.id)
    .execute();

  const omeletteItem = await api.post(`/api/sections/${plats.id}/items`, { recipeId: omelette.id });
  const crepeItem = await api.post(`/api/sections/${plats.id}/items`, { recipeId: crepe.id });
  const hidden = await api.post(`/api/sections/${plats.id}/items`, { recipeId: soupe.id });
  await api.put(`/api/items/${hidden.id}`, { name: 'Plat du jour épuisé', description: '', isAvailable: false });
  await api.post(`/api/items/${crepeItem.id}/move`, { position: 0 }); // Crêpe, Omelette
  await api.put(`/api/items/${omeletteItem.id}`, {
    name: 'Omelette aux herbes',
    description: 'Œufs fermiers, ciboulette',
    isAvailable: true,
    price: 14.5,
  });
  const soupeItem = await api.post(`/api/sections/${entrees.id}/items`, { recipeId: soupe.id });
  const plainItem = await api.post(`/api/sections/${entrees.id}/items`, { recipeId: gone.id });
  expect((await api.del(`/api/recipes/${gone.id}`)).status).toBe(204); // the item stays, without recipe
  const dessertItem = await api.post(`/api/sections/${desserts.id}/items`, { recipeId: crepe.id });
  await api.put(`/api/items/${dessertItem.id}`, { name: 'Crêpe sucrée', description: '', isAvailable: false });
  return {
    menu,
    entrees,
    plats,
    desserts,
    omelette,
    crepe,
    soupe,
    omeletteItem,
    crepeItem,
    soupeItem,
    plainItem,
    hidden,
  };
}

describe('GET /menu/:id', () => {
  it('renders the whole menu on the server: sections and available items in order, nutrition, diets, allergens, crown', async () => {
    const m = await richMenu();
    const res = await page(m.menu.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const html = res.text;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<meta name="viewport"');
    // One deferred same-origin script, for live « Épuisé » (docs/decisions/0019-public-menu-for-diners.md); the page is complete without it.
    // The other is data: schema.org JSON-LD for search engines (src/server/features/public-menu/head.ts).
    expect(html.match(/<script[^>]*>/gi)).toEqual([
      expect.stringMatching(/^<script src="\/menu\/live\.js\?v=[\w-]+" defer>$/),
      '<script type="application/ld+json">',
    ]);
    expect(html).not.toMatch(/src="https?:/i); // no third-party resource
    // Absolute links only to this site's own pages (canonical, hreflang, cards).
    for (const [, url] of html.matchAll(/(?:href|content)="(https?:[^"]*)"/gi))
      expect(url!.startsWith(TEST_ORIGIN)).toBe(true);
    expect(html).toMatch(/<style>[^<]+<\/style>/);

    const visible = text(html);
    expect(html).toContain('<h1>Carte d&#39;été</h1>'.replace('&#39;', '’'));
    expect(html).toContain('<p class="resto">Le Bistrot du Port</p>');
    expect(visible).toContain('Produits frais du marché');
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Premium"/);

    // Sections in display order (moved), the one without available items left out.
    expect([...html.matchAll(/<h2 id="s\d+">([^<]*)<\/h2>/g)].map((x) => x[1])).toEqual(['Plats', 'Entrées']);
    expect(visible).toContain('Pour commencer');
    expect(visible).not.toContain('Desserts');
    // Available items in display order; unavailable ones absent.
    expect([...html.matchAll(/<h3>([^<]*)<\/h3>/g)].map((x) => x[1])).toEqual([
      'Crêpe',
      'Omelette aux herbes',
      'Soupe',
      'Recette supprimée',
    ]);
    expect(visible).not.toContain('Plat du jour épuisé');
    expect(visible).not.toContain('Crêpe sucrée');
    expect(visible).toContain('Œufs fermiers, ciboulette');

    const item = (name: string) => {
      const start = html.indexOf(`<h3>${name}</h3>`);
      const ends = [html.indexOf('<li class="item">', start), html.indexOf('</section>', start)].filter((i) => i > 0);
      return html.slice(start, Math.min(...ends));
    };
    const omelette = item('Omelette aux herbes');
    expect(text(omelette)).toBe(
      `Omelette aux herbes Prix : 14,50 € Œufs fermiers, ciboulette Informations nutritionnelles par portion ` +
        `Calories ${m.omelette.caloriesPerServing} kcal Protéines ${grams(m.omelette.proteinPerServing)} ` +
        `Glucides ${grams(m.omelette.carbsPerServing)} Lipides ${grams(m.omelette.fatPerServing)} ` +
        'Régimes alimentaires : Végétarien Allergènes : Œufs Lait Gluten',
    );
    expect(omelette).toContain('<ul class="badges diet"><li>Végétarien</li></ul>');
    expect(omelette).toContain('<ul class="badges allergen"><li>Œufs</li><li>Lait</li><li>Gluten</li></ul>');
    expect(text(item('Crêpe'))).toContain(
      'Régimes alimentaires : Végétarien Sans lactose Allergènes non renseignés : demandez au personnel',
    );
    expect(text(item('Crêpe'))).not.toContain('Allergènes :');
    // Only the values present: carbs and fat unknown for the soup, no badges at all, « aucun » said.
    expect(text(item('Soupe'))).toBe(
      `Soupe Informations nutritionnelles par portion Calories ${m.soupe.caloriesPerServing} kcal Protéines ${grams(m.soupe.proteinPerServing)} ` +
        'Allergènes : Aucun des 14 allergènes réglementaires',
    );
    // No linked recipe: no nutrition block, and nothing declared.
    const noRecipe = html.slice(html.indexOf('<h3>Recette supprimée</h3>'));
    expect(noRecipe).not.toContain('Informations nutritionnelles');
    expect(text(noRecipe)).toMatch(/^Recette supprimée Allergènes non renseignés : demandez au personnel/);
    expect(html).not.toContain('0,00'); // prices are 0 here: never displayed
    expect(visible).toContain(`Menu numérique propulsé par NutriCarte ${CIQUAL_ATTRIBUTION.replace(/\s+/g, ' ')}`);
    expect(html).toContain('<a href="/">NutriCarte</a>');
  });

  it('uses a French decimal comma with one decimal', async () => {
    const api = as(owner);
    const menu = await api.post('/api/menus', { name: 'Formats' });
    const section = await api.post(`/api/menus/${menu.id}/sections`, { name: 'Section' });
    const r = await api.post('/api/recipes', recipe('Plat'));
    await api.post(`/api/sections/${section.id}/items`, { recipeId: r.id });
    await t.db
      .updateTable('recipes')
      .set({ calories_per_serving: 1234, protein_per_serving: 6.3, carbs_per_serving: 12, fat_per_serving: 0 })
      .where('id', '=', r.id)
      .execute();
    const html = (await page(menu.id)).text;
    expect(html).toContain('<dd>1\u202f234\u00a0kcal</dd>');
    expect(html).toContain('<dd>6,3\u00a0g</dd>');
    expect(html).toContain('<dd>12,0\u00a0g</dd>');
    expect(html).toContain('<dd>0,0\u00a0g</dd>'); // zero is a value, not a missing one
  });

  it('shows no crown for a free organisation, and the name of the menu’s establishment', async () => {
    const free = await t.signUp();
    const api = as(free);
    const menu = await api.post('/api/menus', { name: 'Menu du midi' });
    let html = (await page(menu.id)).text;
    expect(html).not.toContain('aria-label="Premium"');
    expect(html).toContain('<p class="resto">Mon Restaurant</p>');
    const [establishment] = (await t.request('GET', '/api/establishments', { cookie: free.cookie })).body
      .establishments;
    expect(
      (
        await t.request('PUT', `/api/establishments/${establishment.id}`, {
          cookie: free.cookie,
          body: { name: 'Le Comptoir' },
        })
      ).status,
    ).toBe(200);
    html = (await page(menu.id)).text;
    expect(html).toContain('<p class="resto">Le Comptoir</p>');

    // A premium that has lapsed is no longer premium.
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium', status: 'active', current_period_end: new Date(Date.now() - 60_000) })
      .where('organisation_id', '=', free.organisationId)
      .execute();
    expect((await page(menu.id)).text).not.toContain('aria-label="Premium"');
    await t.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() + 86_400_000) })
      .where('organisation_id', '=', free.organisationId)
      .execute();
    expect((await page(menu.id)).text).toContain('aria-label="Premium"');
  });

  it('shows « Menu en cours de préparation » when no section has an available item', async () => {
    const api = as(owner);
    const menu = await api.post('/api/menus', { name: 'Bientôt' });
    const expectEmpty = async () => {
      const res = await page(menu.id);
      expect(res.status).toBe(200);
      expect(text(res.text)).toContain('Menu en cours de préparation Ce menu est actuellement vide. Revenez bientôt !');
      expect(res.text).not.toContain('<h3>');
    };
    await expectEmpty();
    const section = await api.post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
    await expectEmpty();
    const r = await api.post('/api/recipes', recipe('Tarte'));
    const item = await api.post(`/api/sections/${section.id}/items`, { recipeId: r.id });
    expect((await page(menu.id)).text).toContain('<h3>Tarte</h3>');
    await api.put(`/api/items/${item.id}`, { name: 'Tarte', description: '', isAvailable: false });
    await expectEmpty();
  });

  // An inactive menu gets the calm « pas disponible » page instead: unavailable.int.test.ts.
  it('answers the « Menu non trouvé » page with 404 for an unknown, non-UUID or deleted organisation’s menu', async () => {
    const gone = await t.signUp();
    const goneMenu = await as(gone).post('/api/menus', { name: 'Fermé' });
    expect((await page(goneMenu.id)).status).toBe(200);
    await t.db.deleteFrom('organisations').where('id', '=', gone.organisationId).execute();

    for (const id of ['6f1c2f0e-8b7a-4c1e-9d2a-3b4c5d6e7f80', 'pas-un-uuid', "1' OR '1'='1", goneMenu.id]) {
      const res = await page(encodeURIComponent(id));
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(res.text).toContain('<html lang="fr">');
      expect(res.text).toContain('<h1>Menu non trouvé</h1>');
      expect(res.text).toContain('Le menu demandé n’existe pas ou n’est plus disponible.');
      expect(res.text).not.toMatch(/<script/i);
      expect(res.text).not.toContain('Inactif');

      const json = await t.request('GET', `/api/public/menus/${encodeURIComponent(id)}`);
      expect(json.status).toBe(404);
      expect(json.body).toEqual({ error: { code: 'not_found', message: 'Menu non trouvé ou inactif' } });
    }
  });

  it('renders every owner-typed text as text (XSS payloads in menu, section, item, recipe and restaurant names)', async () => {
    const evil = await t.signUp(undefined, undefined, XSS);
    await premium(evil);
    const api = as(evil);
    const menu = await api.post('/api/menus', { name: XSS, description: XSS });
    const section = await api.post(`/api/menus/${menu.id}/sections`, { name: XSS, description: XSS });
    const r = await api.post('/api/recipes', recipe(XSS));
    const fromRecipe = await api.post(`/api/sections/${section.id}/items`, { recipeId: r.id }); // named after the recipe
    const edited = await api.post(`/api/sections/${section.id}/items`, { recipeId: r.id });
    await api.put(`/api/items/${edited.id}`, { name: `${XSS}</h3></li></ul>`, description: XSS, isAvailable: true });
    expect(fromRecipe.name).toBe(XSS);

    const res = await page(menu.id);
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<script(?! src="\/menu\/live\.js| type="application\/ld\+json">)|<img|onerror="/i);
    const jsonLd = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(res.text)![1]!;
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd).hasMenu.name).toBe(XSS);
    expect(res.text).not.toContain('</h3></li></ul></h3>');
    expect(res.text).toContain(`<h1>${escapeHtml(XSS)}</h1>`);
    expect(res.text).toContain(`<p class="resto">${escapeHtml(XSS)}</p>`);
    expect(res.text).toContain(`<h3>${escapeHtml(XSS)}</h3>`);
    expect(text(res.text)).toContain(`${XSS}</h3></li></ul>`);
    expect(res.text.split(escapeHtml(XSS)).length - 1).toBeGreaterThanOrEqual(10);
  });

  it('revalidates with a strong ETag: 304 when unchanged, the new content at once after an edit', async () => {
    const m = await richMenu();
    const first = await page(m.menu.id);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const again = await page(m.menu.id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');

    await as(owner).put(`/api/items/${m.crepeItem.id}`, {
      name: 'Crêpe au sarrasin',
      description: 'Galette bretonne',
      isAvailable: true,
    });
    const fresh = await page(m.menu.id, { 'if-none-match': etag });
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('<h3>Crêpe au sarrasin</h3>');
    expect(fresh.text).not.toContain('<h3>Crêpe</h3>');
    expect(fresh.headers.get('etag')).not.toBe(etag);

    // A recipe change (nutrition) shows too.
    await as(owner).put(`/api/recipes/${m.crepe.id}`, recipe('Crêpe', { dietaryInfo: ['Végan'] }));
    const after = await page(m.menu.id, { 'if-none-match': fresh.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.text).toContain('<li>Végan</li>');

    // Compressed, the tag is weakened (W/"…"), the bytes are the same page, and it still revalidates.
    const gz = await t.app.request(`/menu/${m.menu.id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(after.text);
    const weak = gz.headers.get('etag')!;
    expect(weak).toBe(`W/${after.headers.get('etag')}`);
    const gz304 = await t.app.request(`/menu/${m.menu.id}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': weak },
    });
    expect(gz304.status).toBe(304);
    expect(await gz304.text()).toBe('');

    // Another edit, compressed this time: the new page, never the one compressed before.
    await as(owner).put(`/api/items/${m.crepeItem.id}`, {
      name: 'Galette complète',
      description: '',
      isAvailable: true,
    });
    const gzFresh = await t.app.request(`/menu/${m.menu.id}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': weak },
    });
    expect(gzFresh.status).toBe(200);
    expect(gunzipSync(Buffer.from(await gzFresh.arrayBuffer())).toString()).toContain('<h3>Galette complète</h3>');
  });

  it('serves the embed script to any website, which frames the page and sizes it to its height', async () => {
    const res = await t.request('GET', '/embed.js');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.text).toContain("document.createElement('iframe')");
    expect(res.text).toContain("setAttribute('credentialless','')");
    expect(res.text).toContain("d.nutricarte==='menu-height'");
    const again = await t.request('GET', '/embed.js', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const live = await t.request('GET', '/menu/live.js');
    expect(live.text).toContain("parent.postMessage({nutricarte:'menu-height'");
  });

  it('is allowed by the security headers (no script needed, inline style allowed) and counts no scan', async () => {
    const m = await richMenu();
    const qr = await t.db
      .insertInto('qr_codes')
      .values({ organisation_id: owner.organisationId, created_by: owner.user.id, menu_id: m.menu.id, name: 'Table 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await page(m.menu.id);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // Framed by the menu editor's « Aperçu » pane and by restaurants' websites (the embed,
    // docs/decisions/0039-public-api-and-operations.md): any ancestor, no X-Frame-Options.
    expect(csp).toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('set-cookie')).toBeNull(); // nothing to consent to for a diner
    const row = await t.db
      .selectFrom('qr_codes')
      .select('scan_count')
      .where('id', '=', qr.id)
      .executeTakeFirstOrThrow();
    expect(row.scan_count).toBe(0);
    expect(await t.db.selectFrom('qr_scans').selectAll().where('qr_code_id', '=', qr.id).execute()).toEqual([]);
  });

  it('loads a page in one query whatever the number of items', async () => {
    const api = as(owner);
    const menu = await api.post('/api/menus', { name: 'Grande carte' });
    const r = await api.post('/api/recipes', recipe('Plat', { allergens: ['Gluten'] }));
    for (let s = 0; s < 3; s++) {
      const section = await api.post(`/api/menus/${menu.id}/sections`, { name: `Section ${s}` });
      for (let i = 0; i < 5; i++) await api.post(`/api/sections/${section.id}/items`, { recipeId: r.id });
    }
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const loaded = await loadPublicMenu(t.db.withPlugin(counter), menu.id);
    expect(loaded?.sections.flatMap((s) => s.items)).toHaveLength(15);
    expect(queries).toBe(1);
    queries = 0;
    expect(await loadPublicMenu(t.db.withPlugin(counter), '6f1c2f0e-8b7a-4c1e-9d2a-3b4c5d6e7f80')).toBeNull();
    expect(queries).toBe(1);
    queries = 0;
    expect(await loadPublicMenu(t.db.withPlugin(counter), 'nope')).toBeNull();
    expect(queries).toBe(0);
  });
});

describe('GET /api/public/menus/:id', () => {
  it('answers the same menu as JSON (PublicMenu), only available items, price included', async () => {
    const m = await richMenu();
    const res = await t.request('GET', `/api/public/menus/${m.menu.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const nutrition = (r: LooseJson) => ({
      caloriesPerServing: r.caloriesPerServing,
      proteinPerServing: r.proteinPerServing,
      carbsPerServing: r.carbsPerServing,
      fatPerServing: r.fatPerServing,
    });
    expect(res.body).toEqual({
      id: m.menu.id,
      name: 'Carte d’été',
      description: 'Produits frais du marché',
      restaurantName: 'Le Bistrot du Port',
      restaurantAddress: null,
      restaurantPhone: null,
      accessibilityContact: null,
      ownerIsPremium: true,
      translations: {},
      formules: [],
      sections: [
        {
          id: m.plats.id,
          name: 'Plats',
          description: '',
          translations: {},
          items: [
            {
              id: m.crepeItem.id,
              name: 'Crêpe',
              description: '',
              price: null,
              labels: null,
              photoUrl: null,
              photo: null,
              soldOut: false,
              translations: {},
              recipe: {
                ...nutrition(m.crepe),
                allergens: [],
                allergenStatus: 'unverified',
                traces: [],
                dietaryInfo: ['Végétarien', 'Sans lactose'],
                nutriScore: null,
                nutriScoreCategory: null,
                homemade: false,
                meatOrigins: [],
              },
            },
            {
              id: m.omeletteItem.id,
              name: 'Omelette aux herbes',
              description: 'Œufs fermiers, ciboulette',
              price: 14.5,
              labels: null,
              photoUrl: null,
              photo: null,
              soldOut: false,
              translations: {},
              recipe: {
                ...nutrition(m.omelette),
                allergens: ['Œufs', 'Lait', 'Gluten'],
                allergenStatus: 'declared',
                traces: [],
                dietaryInfo: ['Végétarien'],
                nutriScore: null,
                nutriScoreCategory: null,
                homemade: false,
                meatOrigins: [],
              },
            },
          ],
        },
        {
          id: m.entrees.id,
          name: 'Entrées',
          description: 'Pour commencer',
          translations: {},
          items: [
            {
              id: m.soupeItem.id,
              name: 'Soupe',
              description: '',
              price: null,
              labels: null,
              photoUrl: null,
              photo: null,
              soldOut: false,
              translations: {},
              recipe: {
                ...nutrition(m.soupe),
                carbsPerServing: null,
                fatPerServing: null,
                allergens: [],
                allergenStatus: 'declared',
                traces: [],
                dietaryInfo: [],
                nutriScore: null,
                nutriScoreCategory: null,
                homemade: false,
                meatOrigins: [],
              },
            },
            {
              id: m.plainItem.id,
              name: 'Recette supprimée',
              description: '',
              price: null,
              // Its recipe gone, the item has lists of its own, unconfirmed: diners are told to ask.
              labels: { allergens: [], allergenStatus: 'unverified', traces: [], dietaryInfo: [] },
              photoUrl: null,
              photo: null,
              soldOut: false,
              translations: {},
              recipe: null,
            },
          ],
        },
      ],
    });
    expect(typeof m.omelette.caloriesPerServing).toBe('number');
    const again = await t.request('GET', `/api/public/menus/${m.menu.id}`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});
