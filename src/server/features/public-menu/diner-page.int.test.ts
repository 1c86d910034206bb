import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type LooseJson, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember } from '../../test/teams.ts';
import { readEvents } from './sse-test-reader.ts';

// Issue 18: the diner's language, allergen filter and live « Épuisé » on /menu/:id.

let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
  // Premium: no plan limit on the number of menus the tests make.
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

function ok(res: { status: number; body: LooseJson; text: string }): LooseJson {
  if (res.status >= 300) throw new Error(`${res.status} ${res.text}`);
  return res.body;
}
const post = async (path: string, body: unknown = {}, user = owner) =>
  ok(await t.request('POST', path, { cookie: user.cookie, body }));
const put = async (path: string, body: unknown, user = owner) =>
  ok(await t.request('PUT', path, { cookie: user.cookie, body }));

const recipe = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  servings: 2,
  ingredients: [{ code: '22000', quantity: 100, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
  ...extra,
});

/** Quiche (gluten, lait, declared, translated), salade (may contain nuts), soupe (unverified). */
async function dinerMenu() {
  const menu = await post('/api/menus', { name: 'La carte' });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const quiche = await post(
    '/api/recipes',
    recipe('Quiche aux poireaux', {
      allergens: ['Gluten', 'Lait', 'Œufs'],
      allergensDeclared: true,
      dietaryInfo: ['Végétarien'],
      translations: { en: { name: 'Leek quiche' }, de: { name: 'Lauchquiche' } },
    }),
  );
  const salade = await post('/api/recipes', recipe('Salade', { traces: ['Fruits à coque'], allergensDeclared: true }));
  const soupe = await post('/api/recipes', recipe('Soupe'));
  const quicheItem = await post(`/api/sections/${section.id}/items`, { recipeId: quiche.id });
  const saladeItem = await post(`/api/sections/${section.id}/items`, { recipeId: salade.id });
  const soupeItem = await post(`/api/sections/${section.id}/items`, { recipeId: soupe.id });
  return { menu, section, quiche, quicheItem, saladeItem, soupeItem };
}

const page = (path: string, headers: Record<string, string> = {}) => t.request('GET', path, { headers });
/** The HTML of one dish (its <li>), found by its name. */
function dish(html: string, name: string): string {
  const start = html.lastIndexOf('<li class="item', html.indexOf(`>${name}</h3>`));
  return html.slice(start, html.indexOf('</li>', html.indexOf('</div></li>', start)) + 5);
}

describe('five languages', () => {
  it('renders ?lang=en with English fixed texts, allergen and diet names, the owner’s translation and French marked as such', async () => {
    const m = await dinerMenu();
    const res = await page(`/menu/${m.menu.id}?lang=en`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en">');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.text).toContain('<h4>Nutrition information</h4>');
    expect(res.text).toContain('<p>Allergens:</p>');
    expect(res.text).toMatch(/<li>Gluten<\/li><li>Milk<\/li><li>Eggs<\/li>/);
    expect(res.text).toContain('<li>Vegetarian</li>');
    expect(res.text).toContain('<h3>Leek quiche</h3>');
    // No English name for the salad: the French one, marked lang="fr".
    expect(res.text).toContain('<h3 lang="fr">Salade</h3>');
    expect(res.text).toContain('Allergen information not available: please ask our staff');
    expect(res.text).not.toContain('Informations nutritionnelles');
    // The switcher: plain links, the current one marked.
    expect(res.text).toMatch(/<a href="\?lang=de" hreflang="de" lang="de">Deutsch<\/a>/);
    expect(res.text).toMatch(/<a href="\?lang=en" hreflang="en" lang="en" aria-current="true">English<\/a>/);
  });

  it('takes the language from Accept-Language when ?lang is absent, French otherwise, and keeps one page per language', async () => {
    const m = await dinerMenu();
    const de = await page(`/menu/${m.menu.id}`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(de.text).toContain('<html lang="de">');
    expect(de.text).toContain('<h3>Lauchquiche</h3>');
    expect(de.text).toContain('Ich verzichte auf…');
    const fr = await page(`/menu/${m.menu.id}`, { 'accept-language': 'ja' });
    expect(fr.text).toContain('<html lang="fr">');
    expect(fr.text).toContain('<h3>Quiche aux poireaux</h3>');
    // ?lang wins over the header; the ETags of two languages differ (no cache can mix them).
    const it = await page(`/menu/${m.menu.id}?lang=it`, { 'accept-language': 'de' });
    expect(it.text).toContain('<html lang="it">');
    expect(it.text).toContain('Non mangio…');
    expect(new Set([de.headers.get('etag'), fr.headers.get('etag'), it.headers.get('etag')]).size).toBe(3);
    for (const res of [de, fr, it]) expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
  });

  it('saves translations with the recipe and the item, refuses bad ones with a French message, and keeps them when a save omits them', async () => {
    const m = await dinerMenu();
    const bad = await t.request('PUT', `/api/recipes/${m.quiche.id}`, {
      cookie: owner.cookie,
      body: recipe('Quiche', { translations: { pt: { name: 'x' } } }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toBeTruthy();
    const kept = await put(
      `/api/recipes/${m.quiche.id}`,
      recipe('Quiche aux poireaux', { allergens: ['Gluten', 'Lait', 'Œufs'], allergensDeclared: true }),
    );
    expect(kept.translations).toEqual({ en: { name: 'Leek quiche' }, de: { name: 'Lauchquiche' } });
    const item = await put(`/api/items/${m.saladeItem.id}`, {
      name: 'Salade',
      description: 'Du jardin',
      isAvailable: true,
      translations: { es: { name: 'Ensalada', description: 'Del huerto' } },
    });
    expect(item.translations).toEqual({ es: { name: 'Ensalada', description: 'Del huerto' } });
    const es = await page(`/menu/${m.menu.id}?lang=es`);
    expect(es.text).toContain('<h3>Ensalada</h3><p class="idesc">Del huerto</p>');
    // An item renamed on the menu no longer takes the recipe's translation.
    await put(`/api/items/${m.quicheItem.id}`, { name: 'Quiche du jour', description: '', isAvailable: true });
    expect((await page(`/menu/${m.menu.id}?lang=en`)).text).toContain('<h3 lang="fr">Quiche du jour</h3>');
  });

  it('never answers 500 to a hostile lang, sans or Accept-Language', async () => {
    const m = await dinerMenu();
    const hostile = ['%3Cscript%3E', 'en%00', 'x'.repeat(5000), '%E0%A4%A', 'en&lang=de', '..%2F..%2Fetc', ''];
    for (const value of hostile) {
      for (const query of [`lang=${value}`, `sans=${value}`, `sans=gluten,${value}`, `lang=${value}&sans=${value}`]) {
        const res = await page(`/menu/${m.menu.id}?${query}`, { 'accept-language': `${value};q=x, *;q=2` });
        expect(res.status, query).toBe(200);
        expect(res.text).not.toMatch(/<script>|%3Cscript/i);
      }
    }
    const notFound = await page('/menu/pas-un-uuid?lang=en&sans=lait');
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('<h1>Menu not found</h1>');
  });
});

describe('« Je ne mange pas de… »', () => {
  it('greys out the dishes containing an avoided allergen with the reason, warns « peut contenir », flags unverified ones', async () => {
    const m = await dinerMenu();
    const res = await page(`/menu/${m.menu.id}?sans=gluten,fruits-a-coque`);
    expect(res.status).toBe(200);
    const quiche = dish(res.text, 'Quiche aux poireaux');
    expect(quiche).toMatch(/^<li class="item off">/);
    expect(quiche).toContain('<p class="vd vno">Contient\u00a0: Gluten</p>');
    expect(dish(res.text, 'Salade')).toContain('<p class="vd vmay">Peut contenir\u00a0: Fruits à coque</p>');
    expect(dish(res.text, 'Soupe')).toContain(
      '<p class="vd vunk">Allergènes non renseignés\u00a0: demandez au personnel</p>',
    );
    // The form shows the choice, open, as checked boxes.
    expect(res.text).toContain('<details class="flt" open>');
    expect(res.text).toContain('<input type="checkbox" name="sans" value="gluten" checked>');
    expect(res.text).toContain('<input type="checkbox" name="sans" value="fruits-a-coque" checked>');
    expect(res.text).toContain('<input type="checkbox" name="sans" value="lait">');
  });

  it('reads the form’s repeated values, survives a language switch both ways, and ignores unknown slugs', async () => {
    const m = await dinerMenu();
    const res = await page(`/menu/${m.menu.id}?lang=en&sans=lait&sans=inconnu`);
    expect(dish(res.text, 'Leek quiche')).toContain('<p class="vd vno">Contains: Milk</p>');
    // Each language link keeps the filter; the form keeps the language.
    expect(res.text).toContain('<a href="?lang=de&amp;sans=lait" hreflang="de" lang="de">Deutsch</a>');
    expect(res.text).toContain('<input type="hidden" name="lang" value="en">');
    expect(res.text).toContain('<summary>Filter allergens · Milk</summary>');
    const de = await page(`/menu/${m.menu.id}?lang=de&sans=lait`);
    expect(dish(de.text, 'Lauchquiche')).toContain('<p class="vd vno">Enthält: Milch</p>');
    // No filter: no verdict, no greyed dish.
    const plain = await page(`/menu/${m.menu.id}`);
    expect(plain.text).not.toContain('class="vd');
    expect(plain.text).not.toContain('item off');
  });
});

describe('live « Épuisé »', () => {
  it('marks a dish sold out and back; the page shows « Épuisé » in its language; bad input is 422, another organisation’s item 404, a viewer 403', async () => {
    const m = await dinerMenu();
    const marked = await put(`/api/items/${m.quicheItem.id}/sold-out`, { soldOut: true });
    expect(marked).toMatchObject({ id: m.quicheItem.id, soldOut: true, isAvailable: true });
    const fr = await page(`/menu/${m.menu.id}`);
    expect(dish(fr.text, 'Quiche aux poireaux')).toMatch(
      /^<li class="item so"><h3>Quiche aux poireaux<\/h3><p class="out">Épuisé<\/p>/,
    );
    expect(dish((await page(`/menu/${m.menu.id}?lang=es`)).text, 'Quiche aux poireaux')).toContain(
      '<p class="out">Agotado</p>',
    );
    const sections = ok(await t.request('GET', `/api/menus/${m.menu.id}/sections`, { cookie: owner.cookie }));
    expect(sections.sections[0].items[0].soldOut).toBe(true);

    for (const body of [{}, { soldOut: 'oui' }, { soldOut: null }]) {
      const res = await t.request('PUT', `/api/items/${m.quicheItem.id}/sold-out`, { cookie: owner.cookie, body });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.soldOut).toBe('Indiquez si le plat est épuisé (vrai ou faux)');
    }
    const stranger = await t.signUp();
    expect(
      (
        await t.request('PUT', `/api/items/${m.quicheItem.id}/sold-out`, {
          cookie: stranger.cookie,
          body: { soldOut: false },
        })
      ).status,
    ).toBe(404);
    const viewer = await addMember(t, owner, 'viewer');
    expect(
      (
        await t.request('PUT', `/api/items/${m.quicheItem.id}/sold-out`, {
          cookie: viewer.cookie,
          body: { soldOut: false },
        })
      ).status,
    ).toBe(403);

    await put(`/api/items/${m.quicheItem.id}/sold-out`, { soldOut: false });
    expect((await page(`/menu/${m.menu.id}`)).text).not.toContain('Épuisé</p>');
  });

  it('streams a « change » event to an open page when a dish is marked sold out, and none for a change that rolled back', async () => {
    const m = await dinerMenu();
    const events = await readEvents(t.app, `/menu/${m.menu.id}/events`);
    try {
      expect(events.response.headers.get('content-type')).toBe('text/event-stream; charset=UTF-8');
      expect(events.response.headers.get('content-encoding')).toBeNull();
      // A refused change commits nothing, so says nothing.
      expect(
        (
          await t.request('PUT', `/api/items/${m.quicheItem.id}/sold-out`, {
            cookie: owner.cookie,
            body: { soldOut: 1 },
          })
        ).status,
      ).toBe(422);
      await put(`/api/items/${m.quicheItem.id}/sold-out`, { soldOut: true });
      const event = await events.next();
      expect(event).toBe(`event: change\ndata: ${m.menu.id}`);
      expect(events.received()).toEqual([`event: change\ndata: ${m.menu.id}`]);
      // A recipe edit changes the page too.
      await put(`/api/recipes/${m.quiche.id}`, recipe('Quiche', { allergens: ['Gluten'], allergensDeclared: true }));
      expect(await events.next()).toBe(`event: change\ndata: ${m.menu.id}`);
    } finally {
      await events.close();
    }
    expect(t.deps.menuChanges.size).toBe(0);
  });

  it('answers 404 for the events of an unknown, malformed or inactive menu, and the paused page in the diner’s language', async () => {
    const m = await dinerMenu();
    await t.request('PATCH', `/api/menus/${m.menu.id}`, { cookie: owner.cookie, body: { isActive: false } });
    // The paused page speaks the diner's language too.
    const paused = await page(`/menu/${m.menu.id}?lang=de`);
    expect(paused.status).toBe(404);
    expect(paused.text).toContain('<html lang="de">');
    expect(paused.text).toContain('<h1>Diese Speisekarte ist derzeit nicht verfügbar</h1>');
    for (const id of [m.menu.id, 'pas-un-uuid', '6f1c2f0e-8b7a-4c1e-9d2a-3b4c5d6e7f80']) {
      const res = await t.app.request(`/menu/${id}/events`);
      expect(res.status, id).toBe(404);
    }
  });

  it('serves its script with a long cache, small', async () => {
    const res = await t.request('GET', '/menu/live.js?v=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.byteLength(res.text)).toBeLessThan(2048);
  });
});
