import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import jsqr from 'jsqr';
import pngjs from 'pngjs';
import { ALLERGEN_NAMES } from '../src/shared/allergens.ts';
import { CIQUAL_ATTRIBUTION } from '../src/shared/ciqual.ts';
import { RI_STATEMENT } from '../src/shared/inco.ts';
import { LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

// jsqr's bundle sets `module.exports` to the function while its types declare a default export.
const decodeQr = ((jsqr as unknown as { default?: unknown }).default ??
  jsqr) as unknown as (typeof import('jsqr'))['default'];

const RESTAURANT = 'Le Bistrot du Port';
const CALL_TO_ACTION = 'Scannez pour découvrir notre menu, les allergènes et les informations nutritionnelles';
/**
 * The documents are dated by the page's clock, which stands at noon (Paris) of today during the
 * test: a midnight in the middle of it changes nothing.
 */
const NOON_TODAY = new Date(
  `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())}T11:00:00Z`,
);
const today = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
})
  .format(NOON_TODAY)
  // The first of a month is « 1er » (src/web/lib/format.ts).
  .replace(/^1(?=\s)/u, '1er');

/** Printable width of each paper at 96 px per inch (paper minus the @page margins). */
const mm = (value: number) => Math.round((value * 96) / 25.4);
const PRINT_WIDTH = { a4Portrait: mm(210 - 24), a4Landscape: mm(297 - 20), a6: mm(105) };

interface Seeded {
  quiche: { id: string };
  salade: { id: string };
  menuId: string;
  qr: { id: string; qrData: string };
}

/** Two recipes with different allergens and traces, a menu with both, and its QR code, all through the API. */
async function seed(page: Page, origin: string): Promise<Seeded> {
  const send = async (method: 'post' | 'put', path: string, data: unknown, status = 201) => {
    const response = await page.request[method](path, { headers: { Origin: origin }, data });
    expect(response.status(), `${method} ${path}`).toBe(status);
    return (await response.json()) as { id: string; qrData: string; allergens: string[]; traces: string[] };
  };
  const quiche = await send('post', '/api/recipes', {
    name: 'Quiche',
    description: 'Pâte brisée pur beurre, appareil aux œufs et à la crème, lardons fumés.',
    servings: 6,
    prepTime: 20,
    cookTime: 35,
    cookedWeightG: 850,
    fruitVegLegumePercent: 0,
    ingredients: [
      { code: '23414', quantity: 230, unit: 'g' },
      { code: '22000', quantity: 3, unit: 'unité', gramsPerUnit: 55 },
      { code: '19417', quantity: 200, unit: 'ml' },
      { code: '28720', quantity: 150, unit: 'g' },
      { code: '12099', quantity: 80, unit: 'g' },
    ],
    allergens: ['Gluten', 'Œufs', 'Lait'],
    traces: ['Fruits à coque'],
    allergensDeclared: true,
    dietaryInfo: [],
  });
  const salade = await send('post', '/api/recipes', {
    name: 'Salade',
    description: 'Laitue, tomates, vinaigrette à la moutarde.',
    servings: 4,
    prepTime: 10,
    ingredients: [
      { code: '20031', quantity: 200, unit: 'g' },
      { code: '20276', quantity: 300, unit: 'g' },
      { code: '11013', quantity: 15, unit: 'g' },
      { code: '17270', quantity: 30, unit: 'ml' },
      { code: '11018', quantity: 15, unit: 'ml' },
    ],
    allergens: ['Moutarde'],
    allergensDeclared: true,
    dietaryInfo: ['Végétarien', 'Végan'],
  });
  // The server keeps what the owner declared: nothing added, nothing lost.
  expect([quiche.allergens, quiche.traces, salade.allergens, salade.traces]).toEqual([
    ['Gluten', 'Œufs', 'Lait'],
    ['Fruits à coque'],
    ['Moutarde'],
    [],
  ]);

  const menu = await send('post', '/api/menus', { name: 'Carte du midi' });
  const starters = await send('post', `/api/menus/${menu.id}/sections`, { name: 'Entrées' });
  const mains = await send('post', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  await send('post', `/api/sections/${starters.id}/items`, { recipeId: salade.id });
  const quicheItem = await send('post', `/api/sections/${mains.id}/items`, { recipeId: quiche.id });
  // An unavailable dish still belongs in the table, marked as such.
  await send('put', `/api/items/${quicheItem.id}`, { name: 'Quiche', description: '', isAvailable: false }, 200);
  const qr = await send('post', '/api/qr-codes', { name: 'Table 4', menuId: menu.id });
  return { quiche, salade, menuId: menu.id, qr };
}

/** Prints to PDF with the page's own @page size, and reads back its page count and page size in points. */
async function printedPages(page: Page): Promise<{ count: number; width: number; height: number }> {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const count = pdf.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
  return { count, width: Math.round(Number(box?.[1])), height: Math.round(Number(box?.[2])) };
}

/** Screenshots of a document: on screen at 1280 px, then as the printer sees it, at the paper's width. */
async function documentScreenshots(page: Page, name: string, printWidth: number) {
  await page.setViewportSize(LAPTOP);
  await screenshot(page, `${name}-1280`);
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: printWidth, height: 600 });
  await expect(page.getByTestId('print-toolbar')).toBeHidden();
  await screenshot(page, `${name}-print`);
  // Back to no emulation: emulating « screen » would also make page.pdf() print the screen styles.
  await page.emulateMedia({ media: null });
  await page.setViewportSize(LAPTOP);
}

function decodePng(bytes: Buffer): string | null {
  const png = pngjs.PNG.sync.read(bytes);
  return (
    decodeQr(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
      ?.data ?? null
  );
}

const run = promisify(execFile);

/** The text of each printed page of the document on screen (Chromium's PDF read by pdftotext). */
async function printedText(page: Page): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-fiche-'));
  try {
    const file = path.join(folder, 'fiche.pdf');
    await writeFile(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    // pdftotext ends each page with a form feed.
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The fiche technique of 36 own products and a Ciqual food, allergens unconfirmed, read on paper. */
async function longSheet(page: Page, origin: string) {
  const articles = Array.from({ length: 36 }, (_, i) => `Article ${String(i + 1).padStart(2, '0')}`);
  const products: { id: string }[] = [];
  for (const name of articles) {
    const response = await page.request.post('/api/products', {
      headers: { Origin: origin },
      data: {
        name,
        per100g: {
          ...{ energyKj: 420, energyKcal: 100, fat: 3, saturatedFat: 1, carbs: 12, sugars: 2 },
          ...{ fiber: 1.5, protein: 5, salt: 0.4 },
        },
        allergens: [],
        traces: [],
        labels: [],
        price: null,
      },
    });
    expect(response.status(), `POST /api/products ${name}`).toBe(201);
    products.push((await response.json()) as { id: string });
  }
  const response = await page.request.post('/api/recipes', {
    headers: { Origin: origin },
    data: {
      name: 'Buffet du marché',
      servings: 40,
      fruitVegLegumePercent: 10,
      ingredients: [
        { code: '20276', quantity: 500, unit: 'g' },
        ...products.map((product) => ({ productId: product.id, quantity: 100, unit: 'g' })),
      ],
      allergens: ['Gluten'],
      allergensDeclared: false,
    },
  });
  expect(response.status()).toBe(201);
  const recipe = (await response.json()) as { id: string; allergenStatus: string };
  expect(recipe.allergenStatus).toBe('unverified');

  await page.goto(`/recipes/${recipe.id}/fiche`);
  const sheet = page.getByTestId('recipe-sheet');
  await expect(sheet.getByRole('heading', { level: 1, name: 'Buffet du marché' })).toBeVisible();
  const table = sheet.getByTestId('ingredients-table');
  await expect(table.getByRole('columnheader').first()).toHaveText('Ingrédient');
  await expect(table.locator('tbody tr')).toHaveCount(37);
  await expect(sheet.getByTestId('sheet-allergens-unverified')).toHaveText(
    'Allergènes non vérifiés : liste à confirmer dans la recette avant de servir',
  );
  await expect(sheet).not.toContainText('demandez au personnel');
  // The print rules: a row never splits, the ingredients block may; the other blocks move whole.
  const breaks = await page.evaluate(() => ({
    rows: [...document.querySelectorAll('[data-testid="ingredients-table"] tbody tr')].map(
      (row) => getComputedStyle(row).breakInside,
    ),
    ingredients: getComputedStyle(document.querySelector('[data-testid="ingredients-table"]')!.closest('section')!)
      .breakInside,
    allergens: getComputedStyle(document.querySelector('[data-testid="sheet-allergens"]')!.closest('section')!)
      .breakInside,
  }));
  expect(new Set(breaks.rows)).toEqual(new Set(['avoid']));
  expect(breaks.ingredients).toBe('auto');
  expect(breaks.allergens).toBe('avoid');
  await documentScreenshots(page, 'print-fiche-long', PRINT_WIDTH.a4Portrait);

  // On paper: page 1 is filled with the first rows, page 2 goes on with the header again; each
  // article printed once, in order; the unconfirmed allergens said in the kitchen's words.
  const pages = await printedText(page);
  expect(pages.length).toBeGreaterThanOrEqual(2);
  const [first, second] = pages as [string, string];
  expect(first).toMatch(/^\s*Ingrédient\s+Quantité\s+Unité/m);
  expect(second).toMatch(/^\s*Ingrédient\s+Quantité\s+Unité/m);
  const onFirst = articles.filter((name) => first.includes(name));
  expect(onFirst.length, 'rows on page 1').toBeGreaterThanOrEqual(20);
  expect(onFirst).toEqual(articles.slice(0, onFirst.length));
  const all = pages.join('\n');
  for (const name of articles) expect(all.split(name).length - 1, name).toBe(1);
  expect(second).toContain(articles[onFirst.length]);
  // (the sentence itself wraps beside the nutrition table: read whole on screen above)
  expect(all).toContain('Allergènes non vérifiés');
  expect(all).not.toContain('demandez au personnel');
}

/** The 14 cells of a dish's row, as « contains », « traces » or « none », in column order. */
async function rowStates(row: Locator): Promise<(string | null)[]> {
  return row.getByRole('cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-state')));
}

test('print the fiche technique, the allergen table and the table card, then read the scan statistics', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // a long walk (playwright.config.ts: budgets)
  await page.clock.setFixedTime(NOON_TODAY);
  const origin = baseURL!;
  await signUp(page, undefined, RESTAURANT);
  // Once signed in, the documents render without a console error (the deliberate 404s aside).
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('404')) consoleErrors.push(message.text());
  });
  const { quiche, salade, menuId, qr } = await seed(page, origin);

  // --- Fiche technique, opened from the recipe card.
  await page.goto('/recipes');
  await expect(page.getByTestId('recipe-card')).toHaveCount(2);
  await screenshot(page, 'print-link-recipes-1280');
  await page
    .getByTestId('recipe-card')
    .filter({ hasText: 'Quiche' })
    .getByRole('link', { name: 'Fiche technique' })
    .click();
  await expect(page).toHaveURL(`${origin}/recipes/${quiche.id}/fiche`);
  const sheet = page.getByTestId('recipe-sheet');
  await expect(sheet.getByRole('heading', { level: 1, name: 'Quiche' })).toBeVisible();
  await expect(page).toHaveTitle('Fiche technique - Quiche');
  await expect(sheet).toContainText(RESTAURANT);
  await expect(sheet).toContainText('Pâte brisée pur beurre, appareil aux œufs et à la crème, lardons fumés.');
  for (const [label, value] of [
    ['Portions', '6'],
    ['Préparation', '20 min'],
    ['Cuisson', '35 min'],
    ['Poids cuit', '850 g'],
  ]) {
    await expect(
      sheet.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(value!);
  }
  // Ingredient lines: an « unité » line shows its grams per unit, a volume its density (cream 1,01: data/kitchen-measures.json).
  const ingredients = page.getByTestId('ingredients-table');
  await expect(ingredients.getByRole('row')).toHaveCount(1 + 5 + 1);
  await expect(ingredients.getByRole('row', { name: /Oeuf cru/ }).getByRole('cell')).toHaveText([
    '3',
    'unité',
    '55 g',
    '165 g',
  ]);
  await expect(ingredients.getByRole('row', { name: /Crème 30% MG, fluide/ }).getByRole('cell')).toHaveText([
    '200',
    'ml',
    '1,01 g/ml',
    '202 g',
  ]);
  await expect(ingredients.getByRole('row', { name: 'Total des ingrédients (cru)' })).toContainText('827 g');
  // The EU declaration.
  const declaration = sheet.getByTestId('nutrition-declaration');
  for (const row of [
    'Énergie',
    'Matières grasses',
    'dont acides gras saturés',
    'Glucides',
    'dont sucres',
    'Protéines',
    'Sel',
  ]) {
    await expect(declaration.getByRole('rowheader', { name: row, exact: true }).first()).toBeAttached();
  }
  await expect(declaration.getByRole('columnheader', { name: 'Par portion (142 g)' })).toBeVisible();
  await expect(sheet.getByText(`* ${RI_STATEMENT}.`)).toBeVisible();
  await expect(
    sheet.getByText('Apport de référence pour un adulte-type (8 400 kJ/2 000 kcal)', { exact: false }),
  ).toBeVisible();
  // Allergens and traces, apart.
  await expect(sheet.getByTestId('sheet-allergens')).toHaveText('Contient :Gluten, Œufs, Lait');
  await expect(sheet.getByTestId('sheet-traces')).toHaveText('Peut contenir (traces) :Fruits à coque');
  await expect(sheet.getByTestId('sheet-diets')).toHaveText('Aucun régime indiqué');
  await expect(sheet.getByTestId('sheet-nutriscore').getByRole('img', { name: /^Nutri-Score [A-E]$/ })).toBeVisible();
  await expect(sheet).toContainText(CIQUAL_ATTRIBUTION);
  await expect(sheet).toContainText(`Imprimé le ${today}`);
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  expect(await printedPages(page)).toEqual({ count: 1, width: 595, height: 842 });
  await documentScreenshots(page, 'print-fiche', PRINT_WIDTH.a4Portrait);

  // « Imprimer » opens the browser's print dialog.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByRole('button', { name: 'Imprimer' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // The other recipe: its diets, and why it has no Nutri-Score.
  await page.goto(`/recipes/${salade.id}/fiche`);
  await expect(page.getByTestId('sheet-allergens')).toHaveText('Contient :Moutarde');
  await expect(page.getByTestId('sheet-traces')).toHaveText('Peut contenir (traces) :aucune trace signalée');
  await expect(page.getByTestId('sheet-diets')).toHaveText('Végétarien · Végan');
  await expect(page.getByTestId('sheet-nutriscore')).toContainText(
    'Non calculé : Part de fruits, légumes et légumineuses manquante.',
  );
  // The table it would be graded with, and why (docs/product/nutri-score.md).
  await expect(page.getByTestId('sheet-nutriscore').getByTestId('nutri-score-table')).toHaveAttribute(
    'data-category',
    'general',
  );
  await expect(page.getByTestId('ingredients-table').getByRole('columnheader').first()).toHaveText(
    'Ingrédient (table Ciqual)',
  );

  // A long recipe of own products, its allergens not confirmed: the kitchen's words, the
  // column « Ingrédient » (a supplier's article is not a Ciqual food), the table running onto
  // page 2 with its header again, never moved whole to leave page 1 half empty.
  await longSheet(page, origin);

  await page.getByRole('link', { name: 'Retour aux recettes' }).click();
  await expect(page).toHaveURL(`${origin}/recipes`);

  await page.goto('/recipes/00000000-0000-4000-8000-000000000000/fiche');
  await expect(page.getByRole('alert')).toContainText('Recette non trouvée');

  // --- Tableau des allergènes, opened from the menu editor.
  await page.goto(`/menus/${menuId}`);
  await expect(page.getByTestId('menu-section')).toHaveCount(2);
  await screenshot(page, 'print-link-menu-editor-1280');
  await page.getByRole('link', { name: 'Tableau des allergènes' }).click();
  await expect(page).toHaveURL(`${origin}/menus/${menuId}/allergenes`);
  const table = page.getByTestId('allergen-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('allergen-sheet')).toContainText(RESTAURANT);
  await expect(page.getByTestId('allergen-sheet')).toContainText('Menu : Carte du midi');
  await expect(page.getByTestId('allergen-sheet')).toContainText(`Établi le ${today}`);
  await expect(table.getByRole('columnheader')).toHaveText(['Plat', ...ALLERGEN_NAMES]);
  // Sections and dishes in display order.
  await expect(table.locator('th[scope="rowgroup"]')).toHaveText(['Entrées', 'Plats']);
  await expect(page.getByTestId('allergen-row').getByRole('rowheader')).toHaveText(['Salade', 'Quiche (indisponible)']);

  const row = (dish: string) =>
    page.getByTestId('allergen-row').filter({ has: page.getByRole('rowheader', { name: dish }) });
  const cell = (dish: string, allergen: string) => row(dish).getByRole('cell').nth(ALLERGEN_NAMES.indexOf(allergen));
  await expect(cell('Quiche', 'Gluten')).toHaveAttribute('data-state', 'contains');
  await expect(cell('Quiche', 'Gluten')).toHaveText('●Contient');
  await expect(cell('Quiche', 'Fruits à coque')).toHaveAttribute('data-state', 'traces');
  await expect(cell('Quiche', 'Fruits à coque')).toHaveText('○Traces possibles');
  await expect(cell('Salade', 'Gluten')).toHaveAttribute('data-state', 'none');
  await expect(cell('Salade', 'Gluten')).toHaveText('');
  await expect(cell('Salade', 'Moutarde')).toHaveAttribute('data-state', 'contains');
  await expect(cell('Salade', 'Moutarde')).toHaveText('●Contient');
  // Every one of the 28 cells matches the recipes.
  const expected = (contains: string[], traces: string[]) =>
    ALLERGEN_NAMES.map((a) => (contains.includes(a) ? 'contains' : traces.includes(a) ? 'traces' : 'none'));
  expect(await rowStates(row('Quiche'))).toEqual(expected(['Gluten', 'Œufs', 'Lait'], ['Fruits à coque']));
  expect(await rowStates(row('Salade'))).toEqual(expected(['Moutarde'], []));
  await expect(page.getByTestId('allergen-legend')).toContainText('Contient cet allergène');
  await expect(page.getByTestId('allergen-legend')).toContainText('Peut contenir des traces');
  expect(await printedPages(page)).toEqual({ count: 1, width: 842, height: 595 });
  await documentScreenshots(page, 'print-allergens', PRINT_WIDTH.a4Landscape);
  await page.getByRole('link', { name: 'Retour à l’éditeur du menu' }).click();
  await expect(page).toHaveURL(`${origin}/menus/${menuId}`);

  await page.goto('/menus/00000000-0000-4000-8000-000000000000/allergenes');
  await expect(page.getByRole('alert')).toContainText('Menu non trouvé');

  // --- Carte de table, opened from the QR card.
  await page.goto('/qr-codes');
  await page.getByTestId('qr-card').getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Carte de table' }).click();
  await expect(page).toHaveURL(`${origin}/qr-codes/${qr.id}/carte`);
  const card = page.getByTestId('table-card');
  await expect(card.getByRole('heading', { level: 1, name: RESTAURANT })).toBeVisible();
  await expect(card).toContainText(CALL_TO_ACTION);
  await expect(card).toContainText('Menu : Carte du midi');
  const drawing = card.getByTestId('qr-drawing');
  await expect(drawing).toHaveAttribute('data-state', 'drawn');
  await expect(drawing.locator('svg[width="260"][height="260"]')).toBeVisible();
  // A phone reading the printed code lands on the code's URL.
  expect(decodePng(await drawing.screenshot())).toBe(qr.qrData);
  expect(await printedPages(page)).toEqual({ count: 1, width: 298, height: 420 });
  await documentScreenshots(page, 'print-table-card', PRINT_WIDTH.a6);

  await page.goto('/qr-codes/00000000-0000-4000-8000-000000000000/carte');
  await expect(page.getByRole('alert')).toContainText('Code QR non trouvé');

  // --- Two diners scan the code; the statistics show them on today's bar.
  for (let i = 0; i < 2; i++) {
    const scan = await page.request.get(qr.qrData, { maxRedirects: 0 });
    expect(scan.status()).toBe(302);
  }
  await page.setViewportSize(PHONE);
  await page.goto('/qr-codes');
  const qrCard = page.getByTestId('qr-card');
  await expect(qrCard.getByTestId('qr-scans')).toHaveText('2 scans');
  // « Statistiques » is a checkbox of the card's « Actions » menu (docs/decisions/0024).
  const actions = qrCard.getByRole('button', { name: 'Actions' });
  await actions.click();
  const toggle = page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Statistiques' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  const stats = qrCard.getByTestId('qr-stats');
  await actions.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(stats.getByTestId('qr-stats-total')).toHaveText('2 scans');
  await expect(stats).toContainText('sur les 30 derniers jours');
  const chart = stats.getByRole('img');
  await expect(chart).toHaveAttribute('aria-label', /^Scans par jour du .+ au .+\s:\s2\sscans au total\.$/);
  const values = stats.getByRole('table').getByRole('row');
  await expect(values).toHaveCount(1 + 30);
  await expect(values.last().getByRole('cell')).toHaveText('2');
  await expect(chart.locator('rect')).toHaveCount(1);
  await qrCard.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'qr-stats-360');
  await stats.getByRole('button', { name: 'Masquer les statistiques' }).click();
  await expect(stats).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
