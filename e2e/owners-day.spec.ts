import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
  calmScreenshot,
  dismissToasts,
  expectNoHorizontalScroll,
  expectToast,
  fillSignUp,
  headerControl,
  LAPTOP,
  makePremium,
  PASSWORD,
  PHONE,
  screenshot,
  signUp,
  uniqueEmail,
} from './fixtures.ts';
import { decodePng } from './qr-decode.ts';
import { waitForLink } from './mailbox.ts';

/**
 * The owner's day (docs/decisions/0036-the-owners-day.md, docs/product/costs.md): a bistro
 * owner signs up, prices the foods of a quiche as they type it, and hands a translated, priced
 * carte to a diner's phone; then each screen of it at 1280 and 360 px, in fr-FR and en-US
 * browsers (numbers typed « 14,50 » and « 14.50 »). The data a screen is not about is seeded
 * through the API.
 */
const run = promisify(execFile);

/** Ciqual 2025 codes (data/ciqual/ciqual.csv). */
const FLOUR = '9436'; // Farine de blé tendre ou froment T55 (pour pains)
const BUTTER = '16400'; // Beurre à 80% MG minimum, doux
const TAP_WATER = '18066'; // Eau du robinet
const BACON = 'Lardon nature, cru';
const CREAM = 'Crème 30% MG, épaisse, rayon frais';

type Api = (
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  data: unknown,
) => Promise<{ id: string } & Record<string, unknown>>;

function apiOf(request: APIRequestContext, origin: string): Api {
  return async (method, path, data) => {
    const response = await request.fetch(path, { method, headers: { Origin: origin }, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as { id: string } & Record<string, unknown>;
  };
}

/** The pâte brisée of a bistro: one batch for one quiche, its flour and butter priced, water free. */
async function seedDough(api: Api) {
  await api('PUT', `/api/ingredient-prices/${FLOUR}`, { amount: 1.2, per: 'kg', supplier: 'Minoterie Dupuis' });
  await api('PUT', `/api/ingredient-prices/${BUTTER}`, { amount: 9.6, per: 'kg' });
  return api('POST', '/api/recipes', {
    name: 'Pâte brisée',
    servings: 1,
    ingredients: [
      { code: FLOUR, quantity: 250, unit: 'g' },
      { code: BUTTER, quantity: 125, unit: 'g' },
      { code: TAP_WATER, quantity: 50, unit: 'ml' },
    ],
    allergens: ['Gluten', 'Lait'],
    allergensDeclared: true,
  });
}

async function addIngredient(page: Page, typed: string, option: RegExp) {
  await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await dismissToasts(page);
}

const line = (page: Page, food: string) =>
  page.getByRole('list', { name: 'Ingrédients de la recette' }).getByRole('listitem').filter({ hasText: food });

/** « Donner un prix » on a line: the price goes to every recipe of the organisation. */
async function giveLinePrice(page: Page, food: string, amount: string, per: 'le kg' | 'le litre' | 'l’unité') {
  await line(page, food).getByRole('button', { name: 'Donner un prix' }).click();
  const editor = page.getByRole('group', { name: `Prix de ${food}` });
  await editor.getByLabel('Prix HT (€)').fill(amount);
  await editor.getByLabel('Pour').selectOption({ label: per });
  await editor.getByRole('button', { name: 'Enregistrer le prix' }).click();
  await expectToast(page, `Prix de ${food} enregistré`);
}

/** A text of the page, whatever spaces fr-FR puts in numbers (« 1,10 € », « 14,50 € »). */
const flat = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');

test.describe('the owner’s day, on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'fr-FR' });

  test('from sign-up to a costed, priced, translated carte on a diner’s phone', async ({ page, baseURL, browser }) => {
    test.setTimeout(240_000);
    const api = apiOf(page.request, baseURL!);

    // Sign-up: the greeting names the restaurant, never the address's local part « marie.bistro »
    // (a first name given at sign-up comes first: src/web/pages/dashboard/greeting.test.ts).
    const email = uniqueEmail('marie.bistro');
    await fillSignUp(page, email, 'Le Bistrot de Marie');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour, Le Bistrot de Marie !');
    await calmScreenshot(page, 'owners-day-dashboard-360');

    // The base recipe comes from the API; the quiche is typed on the phone.
    const dough = await seedDough(api);
    await page.goto('/recipes');
    await page.getByRole('button', { name: 'Nouvelle recette' }).click();
    await page.getByLabel('Nom de la recette').fill('Quiche lorraine');
    await page.getByLabel('Portions').fill('6');

    // A sub-recipe counts in « fournée » (a batch recipe), and shows what it weighs: never « 1 g ».
    await addIngredient(page, 'pâte brisée', /^Pâte brisée/);
    await expect(page.getByLabel('Unité de Pâte brisée', { exact: true })).toHaveValue('portion');
    await expect(page.getByLabel('Unité de Pâte brisée', { exact: true }).locator('option:checked')).toHaveText(
      'fournée',
    );
    await expect(page.getByLabel('Quantité de Pâte brisée')).toHaveValue('1');
    await expect(line(page, 'Pâte brisée').getByTestId('sub-recipe-weight')).toHaveText(/^= 425\s?g$/);
    await expect(line(page, 'Pâte brisée').getByTestId('line-price')).toContainText('Coût : 1,50 € la fournée');

    // Lardons: no price yet, the line says so; priced here, for every recipe.
    await addIngredient(page, 'lardon nature cru', /^Lardon nature, cru/);
    await page.getByLabel(`Quantité de ${BACON}`).fill('200');
    await expect(line(page, BACON).getByTestId('line-price')).toContainText('Prix manquant');
    await expect(page.getByTestId('form-cost')).toContainText(`prix manquant pour ${BACON}`);
    await giveLinePrice(page, BACON, '14,50', 'le kg');
    await expect(line(page, BACON).getByTestId('line-price')).toContainText('14,50 € le kg');

    // Eggs typed « 4 unités »: the unit goes to its list, the egg's usual weight with it.
    await addIngredient(page, 'oeuf cru', /^Oeuf cru/);
    await page.getByLabel('Quantité de Oeuf cru').fill('4 unités');
    await expect(page.getByLabel('Unité de Oeuf cru', { exact: true })).toHaveValue('unité');
    await expect(page.getByLabel('Quantité de Oeuf cru')).toHaveValue('4');
    await giveLinePrice(page, 'Oeuf cru', '0,30', 'l’unité');

    // The cream: « 2 verres » is refused next to the field as it is typed; « 0,25 l » is taken.
    await addIngredient(page, 'creme fraiche epaisse', /^Crème 30% MG, épaisse, rayon frais/);
    const cream = page.getByLabel(`Quantité de ${CREAM}`);
    await cream.fill('2 verres');
    await expect(line(page, CREAM).getByRole('alert')).toContainText('Unité inconnue : « verres »');
    await calmScreenshot(page, 'owners-day-unknown-unit-360');
    await cream.fill('0,25 l');
    await expect(page.getByLabel(`Unité de ${CREAM}`, { exact: true })).toHaveValue('l');
    await expect(line(page, CREAM).getByRole('alert')).toHaveCount(0);
    await giveLinePrice(page, CREAM, '4,50', 'le litre');

    // Every line priced: the cost shows before the first save. 1,50 + 2,90 + 1,20 + 1,125 = 6,725 € ÷ 6.
    await expect(page.getByTestId('form-cost')).toHaveText(/^Coût matière\s: 1,12\s€ \/ portion$/);
    await page.getByLabel('Prix (€)').fill('9,90');
    await expect(page.getByTestId('form-food-cost-percent')).toHaveText(/^12,5\s%$/);
    // Eggs and cream suggest « Œufs » and « Lait » (the dough states its own): added, then confirmed.
    for (const allergen of ['Œufs', 'Lait'])
      await page.getByRole('button', { name: `Ajouter l’allergène ${allergen}` }).click();
    await page.getByLabel('Je confirme la liste des allergènes').check();
    await calmScreenshot(page, 'owners-day-quiche-form-360');
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await expectToast(page, 'Recette créée avec succès');
    const card = page.getByTestId('recipe-card').filter({ hasText: 'Quiche lorraine' });
    await expect(card.getByTestId('cost-line')).toHaveText(/^Coût matière\s: 1,12\s€ \/ portion/);
    await expect(card).toContainText('4 unités · Oeuf cru');
    await expect(card).toContainText('+1 autre ingrédient');
    await calmScreenshot(page, 'owners-day-recipes-360');
    const quiche = (
      (await (await page.request.get('/api/recipes')).json()) as { recipes: { id: string; name: string }[] }
    ).recipes.find((r) => r.name === 'Quiche lorraine')!;
    // Its English name and description (the recipe form's translations are another spec's).
    await api('PUT', `/api/recipes/${quiche.id}`, {
      name: 'Quiche lorraine',
      servings: 6,
      price: 9.9,
      allergens: ['Œufs', 'Lait'],
      allergensDeclared: true,
      ingredients: [
        { recipeId: dough.id, quantity: 1, unit: 'portion' },
        { code: '28501', quantity: 200, unit: 'g' },
        { code: '22000', quantity: 4, unit: 'unité', gramsPerUnit: 50 },
        { code: '19410', quantity: 0.25, unit: 'l' },
      ],
      translations: { en: { name: 'Quiche Lorraine', description: 'Bacon and cream tart' } },
    });

    // The carte: its section and formule translated, the quiche at the recipe's price.
    const menu = await api('POST', '/api/menus', {
      name: 'Carte du midi',
      description: 'Cuisine maison',
      translations: { en: { name: 'Lunch menu', description: 'Home cooking' } },
    });
    const section = await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
    await api('POST', `/api/sections/${section.id}/items`, { recipeId: quiche.id });
    await api('POST', `/api/sections/${section.id}/items`, { name: 'Café', price: 2, allergensDeclared: true });
    await page.goto(`/menus/${menu.id}`);
    const sectionCard = page.getByTestId('menu-section').filter({ hasText: 'Plats' });
    await sectionCard.getByRole('button', { name: 'Modifier' }).first().click();
    const sectionForm = page.getByRole('form', { name: 'Modifier la section Plats' });
    await sectionForm.getByText('Traductions pour le menu public').click();
    await sectionForm.getByLabel('Nom (anglais)').fill('Mains');
    await sectionForm.getByRole('button', { name: 'Sauvegarder' }).click();
    await expectToast(page, 'Section mise à jour');
    const item = page.getByTestId('menu-item').filter({ hasText: 'Quiche lorraine' });
    await expect(item.getByTestId('item-price')).toContainText('9,90 € (prix de la recette)');
    // A price of its own for this menu, then back to the recipe's: one price per dish.
    await item.getByRole('button', { name: 'Prix propre au menu' }).click();
    await item.getByLabel('Prix propre au menu (€)').fill('9,50');
    await item.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Prix propre au menu enregistré');
    await expect(item).toContainText('Prix propre au menu');
    await calmScreenshot(page, 'owners-day-own-price-360');
    await item.getByRole('button', { name: 'Revenir au prix de la recette (9,90 €)' }).click();
    await expectToast(page, 'Prix de la recette repris');
    await expect(item.getByTestId('item-price')).toContainText('9,90 € (prix de la recette)');
    await api('POST', `/api/menus/${menu.id}/formules`, {
      name: 'Formule déjeuner',
      price: 11.5,
      choices: [[section.id]],
      translations: { en: { name: 'Lunch deal' } },
    });

    // The restaurant's own legal notice, typed on the establishment.
    await page.goto('/etablissements');
    await page.getByTestId('establishment-card').first().getByRole('button', { name: 'Modifier' }).click();
    const establishment = page.getByRole('form', { name: 'Modifier l’établissement' });
    await establishment.getByLabel('Raison sociale (optionnel)').fill('SARL Le Bistrot de Marie');
    await establishment.getByLabel('SIRET (optionnel)').fill('732 829 320 00075');
    await establishment.getByRole('button', { name: 'Mettre à jour' }).click();
    await expect(establishment.getByText('SIRET invalide', { exact: false })).toBeVisible();
    await establishment.getByLabel('SIRET (optionnel)').fill('732 829 320 00074');
    await establishment.getByLabel('Directeur de la publication (optionnel)').fill('Marie Durand');
    await calmScreenshot(page, 'owners-day-legal-fields-360');
    await establishment.getByRole('button', { name: 'Mettre à jour' }).click();
    await expectToast(page, 'Établissement enregistré');

    // A diner's phone in English, without JavaScript: the translated carte, the price, the notice.
    const diner = await dinerPhone(browser, 'en-US');
    const carte = await diner.newPage();
    await carte.goto(`${baseURL}/menu/${menu.id}`);
    await expect(carte.getByRole('heading', { level: 1 })).toHaveText('Lunch menu');
    await expect(carte.getByRole('heading', { level: 2, name: 'Mains' })).toBeVisible();
    await expect(carte.getByRole('heading', { level: 3, name: 'Lunch deal' })).toBeVisible();
    const dish = carte.locator('li.item').filter({ hasText: 'Quiche Lorraine' });
    expect(await flat(dish.locator('.pr'))).toMatch(/9\.90/);
    await expect(dish).toContainText('Gluten');
    await expectNoHorizontalScroll(carte);
    await screenshot(carte, 'owners-day-diner-carte-en-360');
    await carte.getByRole('link', { name: 'Restaurant legal notice' }).click();
    await expect(carte).toHaveURL(`${baseURL}/menu/${menu.id}/mentions-legales`);
    await expect(carte.getByRole('heading', { level: 1 })).toHaveText('Mentions légales');
    expect(await flat(carte.locator('main'))).toContain('SIRET : 732 829 320 00074');
    await expect(carte.locator('main')).toContainText('Le directeur de la publication est Marie Durand.');
    await screenshot(carte, 'owners-day-diner-notice-360');
    await diner.close();
  });
});

/** A diner's phone without JavaScript (the public pages need none), in `locale`. */
const dinerPhone = (browser: Browser, locale: string) =>
  browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale, javaScriptEnabled: false });

// Both widths and both locales, each once (the walk above is the phone in fr-FR): the file stays lean.
for (const [viewport, locale] of [
  [LAPTOP, 'fr-FR'],
  [PHONE, 'en-US'],
] as const) {
  const w = viewport.width;
  const tag = `${w}-${locale}`;
  /** « 14,50 » in a French browser, « 14.50 » in an English one: both mean 14.5 (docs/product/decisions.md 16). */
  const typed = (value: string) => (locale === 'fr-FR' ? value : value.replace(',', '.'));
  test.describe(`owner’s screens at ${w} px, browser ${locale}`, () => {
    test.use({ viewport, locale, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

    test('line prices and units, a draft kept through a link and resumed, the price list, the QR files', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await signUp(page);
      const api = apiOf(page.request, baseURL!);
      const dough = await seedDough(api);
      const quiche = await api('POST', '/api/recipes', {
        name: 'Quiche lorraine',
        servings: 6,
        ingredients: [
          { recipeId: dough.id, quantity: 1, unit: 'portion' },
          { code: '28501', quantity: 200, unit: 'g' },
        ],
        allergens: [],
      });
      expect(quiche.costPerServing).toBeNull();
      expect(quiche.costMissing).toEqual([BACON]);

      // The form: each line's price, a sub-recipe's « fournée » and weight, a unit refused as typed.
      await page.goto('/recipes');
      const card = page.getByTestId('recipe-card').filter({ hasText: 'Quiche lorraine' });
      await expect(card.getByTestId('cost-line')).toContainText(`prix manquant pour ${BACON}`);
      await card.getByRole('button', { name: 'Modifier' }).click();
      await expect(line(page, BACON).getByTestId('line-price')).toContainText('Prix manquant');
      await expect(line(page, 'Pâte brisée').getByTestId('sub-recipe-weight')).toHaveText(/^= 425\s?g$/);
      await page.getByLabel(`Quantité de ${BACON}`).fill('2 verres');
      await expect(line(page, BACON).getByRole('alert')).toContainText('Unité inconnue');
      await calmScreenshot(page, `owners-screens-recipe-form-${tag}`);
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      // The save is refused and the page shows where: the field in error is in view and focused.
      await expect(page.getByLabel(`Quantité de ${BACON}`)).toBeFocused();
      await expect(page.getByLabel(`Quantité de ${BACON}`)).toBeInViewport();
      await page.getByLabel(`Quantité de ${BACON}`).fill(typed('0,2 kg'));
      await expect(page.getByLabel(`Unité de ${BACON}`, { exact: true })).toHaveValue('kg');
      await page.getByLabel('Nom de la recette').fill('Quiche lorraine du marché');

      // Leaving by a link of the app asks first; the draft is kept and offered back.
      await (await headerControl(page, 'link', 'Mes Menus')).click();
      const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
      await expect(leave).toBeVisible();
      await calmScreenshot(page, `owners-screens-leave-${tag}`);
      await leave.getByRole('button', { name: 'Quitter la page' }).click();
      await expect(page).toHaveURL(/\/menus$/);
      await page.goto('/recipes');
      const notice = page.getByTestId('draft-notice');
      await expect(notice).toContainText('Modifications non enregistrées de « Quiche lorraine du marché »');
      await expect(
        notice.getByRole('button', { name: /^Reprendre le brouillon du \d+ \S+ à \d\d:\d\d$/ }),
      ).toBeVisible();
      await calmScreenshot(page, `owners-screens-draft-notice-${tag}`);
      await notice.getByRole('button', { name: /^Reprendre le brouillon du/ }).click();
      await expect(page.getByLabel('Nom de la recette')).toHaveValue('Quiche lorraine du marché');
      await expect(page.getByLabel(`Unité de ${BACON}`, { exact: true })).toHaveValue('kg');
      // « Annuler » asks, then sets the draft aside for good.
      await page.getByRole('button', { name: 'Annuler', exact: true }).click();
      await page
        .getByRole('alertdialog', { name: 'Abandonner les modifications ?' })
        .getByRole('button', { name: 'Abandonner' })
        .click();
      await page.reload();
      await expect(card).toBeVisible();
      await expect(page.getByTestId('draft-notice')).toHaveCount(0);

      // « Prix des ingrédients »: the bacon priced once, for every recipe.
      await page.goto('/produits/prix');
      await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill('lardon nature cru');
      await page
        .getByRole('option', { name: /^Lardon nature, cru/ })
        .first()
        .click();
      const editor = page.getByRole('group', { name: `Prix de ${BACON}` });
      await editor.getByLabel('Prix HT (€)').fill(typed('14,50'));
      await editor.getByLabel('Fournisseur (facultatif)').fill('Boucherie Martin');
      await editor.getByRole('button', { name: 'Enregistrer le prix' }).click();
      await expectToast(page, `Prix de ${BACON} enregistré`);
      const row = page.getByTestId('ingredient-price-row').filter({ hasText: BACON });
      expect(await flat(row)).toContain('14,50 € le kg · Boucherie Martin');
      await expect(page.getByTestId('ingredient-price-row')).toHaveCount(3);
      await expect(page.getByText('Gratuit sans prix de votre part : Eau du robinet.')).toBeVisible();
      if (viewport === PHONE) await expectNoHorizontalScroll(page);
      await calmScreenshot(page, `owners-screens-prices-${tag}`);
      await page.goto('/recipes');
      // 1,50 + 2,90 = 4,40 € ÷ 6.
      await expect(card.getByTestId('cost-line')).toHaveText(/^Coût matière\s: 0,73\s€ \/ portion/);

      // The QR code, downloaded print-ready: a PDF and an SVG that decode to its address, a 2,000 px PNG.
      const menu = await api('POST', '/api/menus', { name: 'Carte du midi' });
      const qr = await api('POST', '/api/qr-codes', { name: 'Table 4', menuId: menu.id });
      await page.goto('/qr-codes');
      const qrCard = page.getByTestId('qr-card');
      await qrCard.getByRole('button', { name: 'Télécharger', exact: true }).click();
      await calmScreenshot(page, `owners-screens-qr-download-${tag}`);
      const files = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-qr-'));
      try {
        const pdf = await download(page, qrCard.getByRole('button', { name: 'PDF (pour l’imprimeur)' }));
        expect(pdf.name).toBe('qr-code-table-4.pdf');
        const { stdout } = await run('pdfinfo', [pdf.file]);
        expect(stdout).toMatch(/Pages:\s+1/);
        expect(stdout).toMatch(/Page size:\s+340\.16 x 340\.16 pts/);
        await run('pdftoppm', ['-png', '-r', '150', pdf.file, path.join(files, 'page')]);
        const [rendered] = await readdir(files);
        expect(decodePng(await readFile(path.join(files, rendered!))).text).toBe(qr.qrData);
        await qrCard.getByRole('button', { name: 'Télécharger', exact: true }).click();
        const svg = await download(page, qrCard.getByRole('button', { name: 'SVG (vectoriel, toutes tailles)' }));
        expect(svg.name).toBe('qr-code-table-4.svg');
        expect(await readFile(svg.file, 'utf8')).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      } finally {
        await rm(files, { recursive: true, force: true });
      }
    });

    test('one price per dish, the « Service » role, the establishment’s notice', async ({ page, baseURL, browser }) => {
      test.setTimeout(150_000);
      await signUp(page, uniqueEmail('owner'), 'Le Bistrot de Marie');
      await makePremium(page, baseURL!);
      const api = apiOf(page.request, baseURL!);
      const salad = await api('POST', '/api/recipes', {
        name: 'Salade niçoise',
        servings: 1,
        price: 11,
        ingredients: [{ code: '20276', quantity: 150, unit: 'g' }],
        allergens: [],
        allergensDeclared: true,
      });
      const menu = await api('POST', '/api/menus', { name: 'Carte d’été' });
      const section = await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Entrées' });
      await api('POST', `/api/sections/${section.id}/items`, { recipeId: salad.id });

      // The dish follows the recipe's 11 €; its own 9,50 € on this menu; and back.
      await page.goto(`/menus/${menu.id}`);
      const item = page.getByTestId('menu-item').filter({ hasText: 'Salade niçoise' });
      await expect(item.getByTestId('item-price')).toContainText('11,00 € (prix de la recette)');
      await item.getByRole('button', { name: 'Prix propre au menu' }).click();
      await item.getByLabel('Prix propre au menu (€)').fill(typed('9,50'));
      await item.getByRole('button', { name: 'OK' }).click();
      await expectToast(page, 'Prix propre au menu enregistré');
      await expect(item.getByLabel('Prix propre au menu (€)')).toHaveValue('9,50');
      await calmScreenshot(page, `owners-screens-own-price-${tag}`);
      // « Coûts » shows the margins at the price diners see on that menu.
      await page.goto('/recipes/couts');
      expect(await flat(page.getByTestId('menu-price'))).toContain('Carte d’été : 9,50 € (prix propre au menu)');
      await calmScreenshot(page, `owners-screens-costs-${tag}`);
      await page.goto(`/menus/${menu.id}`);
      await item.getByRole('button', { name: 'Revenir au prix de la recette (11,00 €)' }).click();
      await expectToast(page, 'Prix de la recette repris');
      await expect(item.getByTestId('item-price')).toContainText('11,00 € (prix de la recette)');

      // A waiter (« Service ») marks the dish « Épuisé » and back, and changes nothing else.
      const waiterEmail = uniqueEmail('service');
      const invited = await page.request.post('/api/organisation/invitations', {
        headers: { Origin: baseURL! },
        data: { email: waiterEmail, role: 'service' },
      });
      expect(invited.status()).toBe(201);
      const link = await waitForLink(waiterEmail, /^Invitation à rejoindre/);
      const waiter = await browser.newContext({
        viewport,
        locale,
        ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
      });
      const waiterPage = await waiter.newPage();
      const signedUp = await waiterPage.request.post(`${baseURL}/api/auth/sign-up/email`, {
        headers: { Origin: baseURL! },
        data: { email: waiterEmail, password: PASSWORD, name: 'Léo' },
      });
      expect(signedUp.status()).toBe(200);
      const token = link.split('/').at(-1)!;
      expect(
        (
          await waiterPage.request.post(`${baseURL}/api/invitations/${token}/accept`, {
            headers: { Origin: baseURL! },
            data: {},
          })
        ).status(),
      ).toBe(200);
      await waiterPage.goto(`${baseURL}/menus/${menu.id}`);
      const served = waiterPage.getByTestId('menu-item').filter({ hasText: 'Salade niçoise' });
      await expect(served.getByRole('button', { name: 'Épuisé : Salade niçoise' })).toBeVisible();
      await expect(served.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
      await expect(waiterPage.getByRole('button', { name: 'Nouvelle section' })).toHaveCount(0);
      await expect(served).toContainText('11,00');
      await served.getByRole('button', { name: 'Épuisé : Salade niçoise' }).click();
      await expect(served.getByRole('button', { name: 'Épuisé : Salade niçoise' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await calmScreenshot(waiterPage, `owners-screens-service-${tag}`);
      await served.getByRole('button', { name: 'Épuisé : Salade niçoise' }).click();
      await expect(served.getByRole('button', { name: 'Épuisé : Salade niçoise' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      // No costs for the floor: the recipes read without them, « Coûts » is not offered.
      await waiterPage.goto(`${baseURL}/recipes`);
      await expect(waiterPage.getByTestId('recipe-card').filter({ hasText: 'Salade niçoise' })).toBeVisible();
      await expect(waiterPage.getByTestId('cost-line')).toHaveCount(0);
      await expect(waiterPage.getByRole('link', { name: 'Voir les coûts et marges' })).toHaveCount(0);
      await waiter.close();

      // The establishment's legal notice fields, kept as a draft when the page is reloaded.
      await page.goto('/etablissements');
      await page.getByTestId('establishment-card').first().getByRole('button', { name: 'Modifier' }).click();
      const form = page.getByRole('form', { name: 'Modifier l’établissement' });
      await form.getByLabel('SIRET (optionnel)').fill('732 829 320 00074');
      await form.getByLabel('Directeur de la publication (optionnel)').fill('Marie Durand');
      // Reloading a form with changes asks first (the browser's own question); the draft is kept.
      const asked = page.waitForEvent('dialog');
      const reloaded = page.reload();
      const question = await asked;
      expect(question.type()).toBe('beforeunload');
      await question.accept();
      await reloaded;
      await page
        .getByTestId('draft-notice')
        .getByRole('button', { name: /^Reprendre le brouillon du/ })
        .click();
      await expect(form.getByLabel('SIRET (optionnel)')).toHaveValue('732 829 320 00074');
      await calmScreenshot(page, `owners-screens-establishment-${tag}`);
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Établissement enregistré');
      const diner = await browser.newContext({ viewport, locale, javaScriptEnabled: false });
      const notice = await diner.newPage();
      await notice.goto(`${baseURL}/menu/${menu.id}/mentions-legales`);
      expect(await flat(notice.locator('main'))).toContain('SIRET : 732 829 320 00074');
      await screenshot(notice, `owners-screens-notice-${tag}`);
      await diner.close();
    });
  });
}

/** Clicks `button` and returns the file it downloads. */
async function download(page: Page, button: Locator): Promise<{ name: string; file: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await expectToast(page, 'Code QR téléchargé');
  return { name: file.suggestedFilename(), file: await file.path() };
}
