import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
  calmScreenshot,
  expectNoHorizontalScroll,
  expectToast,
  fillSignUp,
  PHONE,
  screenshot,
  uniqueEmail,
} from './fixtures.ts';
import { decodePng } from './qr-decode.ts';
import { addIngredient, apiOf, BACON, CREAM, flat, giveLinePrice, line, seedDough } from './owners-kitchen.ts';

/**
 * The owner's day (docs/decisions/0036-the-owners-day.md, docs/product/costs.md), as one walk on
 * a phone in fr-FR: a bistro owner signs up, prices the foods of a quiche as they type it, gives
 * the carte its prices and translations, downloads the table's QR code, and a diner's phone
 * reads the code from the printer's PDF and opens the translated, priced carte. Each screen at
 * 1280 and 360 px, in fr-FR and en-US browsers: e2e/owners-screens.spec.ts. The data a step is
 * not about is seeded through the API.
 */
const run = promisify(execFile);

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

    // The table's QR code, downloaded print-ready (the PDF for the printer, the SVG) and read by
    // a real decoder from the PDF's own pixels (pdftoppm): the diner opens what it says.
    const qr = await api('POST', '/api/qr-codes', { name: 'Table 4', menuId: menu.id });
    await page.goto('/qr-codes');
    const scanned = await scanDownloadedQr(page);
    expect(scanned).toBe(qr.qrData);

    // A diner's phone in English, without JavaScript, from the code: the translated carte, the price, the notice.
    const diner = await dinerPhone(browser, 'en-US');
    const carte = await diner.newPage();
    await carte.goto(scanned);
    await expect(carte).toHaveURL(`${baseURL}/menu/${menu.id}`);
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

/**
 * On « Codes QR », the only code's files: the PDF for the printer (one page of 12 cm, rendered
 * by pdftoppm and decoded by jsQR) and the SVG. Returns what the printed code says.
 */
async function scanDownloadedQr(page: Page): Promise<string> {
  const qrCard = page.getByTestId('qr-card');
  const files = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-qr-'));
  try {
    await expect(qrCard.getByTestId('qr-drawing')).toHaveAttribute('data-state', 'drawn');
    await qrCard.getByRole('button', { name: /^Télécharger le code / }).click();
    await calmScreenshot(page, 'owners-day-qr-download-360');
    const pdf = await download(page, qrCard.getByRole('button', { name: 'PDF (pour l’imprimeur)' }));
    expect(pdf.name).toBe('qr-code-table-4.pdf');
    const { stdout } = await run('pdfinfo', [pdf.file]);
    expect(stdout).toMatch(/Pages:\s+1/);
    expect(stdout).toMatch(/Page size:\s+340\.16 x 340\.16 pts/);
    await run('pdftoppm', ['-png', '-r', '150', pdf.file, path.join(files, 'page')]);
    const [rendered] = await readdir(files);
    const scanned = decodePng(await readFile(path.join(files, rendered!))).text;
    // The choices close once the file is made, a moment after the download starts: reopened after.
    const toggle = qrCard.getByRole('button', { name: /^Télécharger le code / });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const svg = await download(page, qrCard.getByRole('button', { name: 'SVG (vectoriel, toutes tailles)' }));
    expect(svg.name).toBe('qr-code-table-4.svg');
    expect(await readFile(svg.file, 'utf8')).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(scanned, 'the printed code decodes').not.toBeNull();
    return scanned!;
  } finally {
    await rm(files, { recursive: true, force: true });
  }
}

/** Clicks `button` and returns the file it downloads. */
async function download(page: Page, button: Locator): Promise<{ name: string; file: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await expectToast(page, 'Code QR téléchargé');
  return { name: file.suggestedFilename(), file: await file.path() };
}
