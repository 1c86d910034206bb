import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentProfileMessages } from '../../../shared/api/establishment-profile.ts';
import { translationMessages } from '../../../shared/diner/translations.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { makePremium } from '../../test/teams.ts';

/** The carte in the diner's language, and the restaurant's own notice (docs/product/diner-languages.md). */
let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await makePremium(t, owner.organisationId);
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown) => t.request(method, path, { cookie: owner.cookie, body });

async function carte() {
  const recipe = (
    await api('POST', '/api/recipes', {
      name: 'Tarte aux pommes',
      servings: 8,
      price: 6,
      ingredients: [{ code: '13039', quantity: 600, unit: 'g' }],
      allergens: ['Gluten'],
      allergensDeclared: true,
      translations: { en: { name: 'Apple tart' } },
    })
  ).body;
  const menu = (await api('POST', '/api/menus', { name: 'Carte du midi', description: 'Cuisine de saison' })).body;
  const starters = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Entrées' })).body;
  const desserts = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Desserts' })).body;
  await api('POST', `/api/sections/${desserts.id}/items`, { recipeId: recipe.id });
  await api('POST', `/api/sections/${starters.id}/items`, { name: 'Soupe du jour', price: 5 });
  return { menu, starters, desserts };
}

describe('translated carte', () => {
  it('translates the menu’s, sections’ and formules’ names and descriptions; an untranslated one stays French, marked', async () => {
    const { menu, starters, desserts } = await carte();
    const section = await api('PUT', `/api/sections/${desserts.id}`, {
      name: 'Desserts',
      description: 'Faits maison',
      translations: { en: { name: 'Sweets', description: 'Home-made' }, de: { name: 'Nachspeisen' } },
    });
    expect(section.body.translations).toEqual({
      en: { name: 'Sweets', description: 'Home-made' },
      de: { name: 'Nachspeisen' },
    });
    // Absent translations on a later update are kept.
    expect(
      (await api('PUT', `/api/sections/${desserts.id}`, { name: 'Desserts', description: 'Faits maison' })).body
        .translations.en.name,
    ).toBe('Sweets');
    await api('PUT', `/api/sections/${starters.id}`, { name: 'Entrées', translations: { en: { name: 'Starters' } } });
    const formule = await api('POST', `/api/menus/${menu.id}/formules`, {
      name: 'Formule déjeuner',
      price: 18.5,
      choices: [[starters.id, desserts.id]],
      translations: { en: { name: 'Lunch set menu', description: 'dropped' } },
    });
    expect(formule.status).toBe(201);
    expect(formule.body.translations).toEqual({ en: { name: 'Lunch set menu' } });
    const updatedMenu = await api('PUT', `/api/menus/${menu.id}`, {
      name: 'Carte du midi',
      description: 'Cuisine de saison',
      isActive: true,
      translations: { en: { name: 'Lunch menu', description: 'Seasonal cooking' } },
    });
    expect(updatedMenu.body.translations.en.name).toBe('Lunch menu');

    const english = (await t.request('GET', `/menu/${menu.id}?lang=en`)).text;
    expect(english).toContain('<h1>Lunch menu</h1>');
    expect(english).toContain('<p class="lead">Seasonal cooking</p>');
    expect(english).toContain('<h2 id="s0">Starters</h2>');
    expect(english).toContain('<h2 id="s1">Sweets</h2><p class="sdesc">Home-made</p>');
    expect(english).toContain('<h3>Lunch set menu</h3>');
    expect(english).toContain('<p class="idesc">Starters + Sweets</p>');
    expect(english).toContain('<h3>Apple tart</h3>');
    // Nothing in Spanish: French, marked so for screen readers and translators.
    const spanish = (await t.request('GET', `/menu/${menu.id}?lang=es`)).text;
    expect(spanish).toContain('<h2 id="s1" lang="fr">Desserts</h2>');
    expect(spanish).toContain('<h3 lang="fr">Formule déjeuner</h3>');
    expect(spanish).toContain('<p class="idesc" lang="fr">Entrées + Desserts</p>');
    // German: the section named, the formule line mixes a French name: marked French as a whole.
    const german = (await t.request('GET', `/menu/${menu.id}?lang=de`)).text;
    expect(german).toContain('<h2 id="s1">Nachspeisen</h2>');
    expect(german).toContain('<p class="idesc" lang="fr">Entrées + Nachspeisen</p>');

    const json = (await t.request('GET', `/api/public/menus/${menu.id}`)).body;
    expect(json.translations.en.name).toBe('Lunch menu');
    expect(json.sections[1].translations.en.name).toBe('Sweets');
    expect(json.formules[0].translations.en.name).toBe('Lunch set menu');

    const bad = await api('PUT', `/api/sections/${desserts.id}`, {
      name: 'Desserts',
      translations: { en: { name: 'x'.repeat(201) }, ru: { name: 'Десерты' } },
    });
    expect(bad.status).toBe(422);
    expect(Object.values(bad.body.error.fields)).toContain(translationMessages.invalid);
  });

  it('an unconfirmed recipe shows diners one message, never a list under it', async () => {
    const recipe = (
      await api('POST', '/api/recipes', {
        name: 'Quiche',
        servings: 4,
        ingredients: [{ code: '22000', quantity: 200, unit: 'g' }],
        allergens: ['Œufs'],
        allergensDeclared: false,
      })
    ).body;
    const menu = (await api('POST', '/api/menus', { name: 'Ardoise' })).body;
    const section = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' })).body;
    await api('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(page).toContain('Allergènes non renseignés\u00a0: demandez au personnel');
    expect(page).not.toContain('<ul class="badges allergen">');
  });
});

describe('the restaurant’s « Mentions légales »', () => {
  it('is the establishment’s own notice, server-rendered without script, linked from the menu beside NutriCarte’s', async () => {
    const { menu } = await carte();
    const establishments = (await api('GET', '/api/establishments')).body.establishments;
    const id = establishments[0].id;
    const bad = await api('PUT', `/api/establishments/${id}`, {
      name: 'Le Bistrot de Marie',
      siret: '732 829 320 00075',
    });
    expect(bad.status).toBe(422);
    // One SIRET per establishment: the canteen profile's, with its control key (src/shared/api/establishment-profile.ts).
    expect(bad.body.error.fields.siret).toBe(establishmentProfileMessages.siretInvalid);
    const saved = await api('PUT', `/api/establishments/${id}`, {
      name: 'Le Bistrot de Marie',
      address: '12 rue des Halles',
      postalCode: '75001',
      city: 'Paris',
      phone: '01 23 45 67 89',
      legalName: 'SARL Marie & Fils',
      // INSEE's own example (732 829 320 00074): Luhn sum a multiple of 10.
      siret: '732 829 320 00074',
      publicationDirector: 'Marie Durand',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      siret: '73282932000074',
      legalName: 'SARL Marie & Fils',
      publicationDirector: 'Marie Durand',
    });
    // An older form that does not send them keeps them.
    const kept = await api('PUT', `/api/establishments/${id}`, { name: 'Le Bistrot de Marie', city: 'Paris' });
    expect(kept.body.siret).toBe('73282932000074');

    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(page).toContain(`<a href="/menu/${menu.id}/mentions-legales">Mentions légales du restaurant</a>`);
    expect(page).toContain('<a href="/mentions-legales">Mentions légales</a>');
    const english = (await t.request('GET', `/menu/${menu.id}?lang=en`)).text;
    expect(english).toContain('Restaurant legal notice</a>');

    const notice = await t.request('GET', `/menu/${menu.id}/mentions-legales`);
    expect(notice.status).toBe(200);
    expect(notice.headers.get('content-type')).toMatch(/text\/html/);
    expect(notice.text).not.toContain('<script');
    expect(notice.text).toContain('<strong>SARL Marie &amp; Fils</strong> (Le Bistrot de Marie)');
    expect(notice.text).toContain('Paris');
    expect(notice.text).toContain('SIRET\u00a0: 732 829 320 00074');
    expect(notice.text).toContain('Le directeur de la publication est Marie Durand.');
    expect(notice.text).toContain('NutriCarte');

    await api('PATCH', `/api/menus/${menu.id}`, { isActive: false });
    expect((await t.request('GET', `/menu/${menu.id}/mentions-legales`)).status).toBe(404);
    expect((await t.request('GET', '/menu/not-a-menu/mentions-legales')).status).toBe(404);
  });
});
