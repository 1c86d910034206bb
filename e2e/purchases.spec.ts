import type { Page } from '@playwright/test';
import { ciiXml, facturXPdf, type TestInvoice } from '../src/server/test/invoices.ts';
import { expect, test } from './test.ts';
import { expectNoHorizontalScroll, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * Supplier invoices to prices to menu engineering (docs/product/purchases.md): two invoices
 * dropped at once (a CII and a Factur-X PDF made with pdf-lib), a line that creates its
 * product, confirmation, the « Prix » view with its chart and a target typed in French
 * decimals in either browser locale, then a till's export and the quadrant chart.
 */
const supplier = { name: 'Primeurs du Marché', siret: '12345678900014' };
const january: TestInvoice = {
  number: 'F-2026-0001',
  date: '2026-01-15',
  supplier,
  lines: [
    { articleId: 'CAR-01', description: 'Carottes des sables', quantity: 12.5, unitCode: 'KGM', unitPrice: 1.2 },
    { articleId: 'CRE-35', description: 'Crème fraîche épaisse 35 %', quantity: 3, unitCode: 'LTR', unitPrice: 4 },
    { articleId: 'OEU-30', description: 'Œufs plein air calibre M', quantity: 30, unitCode: 'H87', unitPrice: 0.28 },
    { articleId: 'BOE-HA', description: 'Bœuf haché 15 % MG', quantity: 5, unitCode: 'KGM', unitPrice: 12 },
  ],
};
const march: TestInvoice = {
  number: 'F-2026-0037',
  date: '2026-03-02',
  supplier,
  lines: [
    { articleId: 'CAR-01', description: 'Carottes des sables', quantity: 10, unitCode: 'KGM', unitPrice: 1.5 },
    { articleId: 'BOE-HA', description: 'Bœuf haché 15 % MG', quantity: 4, unitCode: 'KGM', unitPrice: 20 },
  ],
};
// A wholesaler's price list dated before March's invoice: its prices only enter the history (docs/product/purchases.md « Tarifs fournisseurs »).
const PRICE_LIST =
  '\uFEFFRéf. article;Désignation;Conditionnement;Prix HT;TVA;Date d’effet\n' +
  'CAR-01;Carottes des sables;Sac 10 kg;13,50;5,5;01/02/2026\n' +
  'SAF-01;Safran en filaments;Boîte 1 g;12,00;5,5;01/02/2026\n';
const SALES =
  'date;article;quantite;montant_ttc\n' +
  '02/03/2026;Steak haché maison;120;600\n' +
  '02/03/2026;Velouté de carottes;40;240\n' +
  '03/03/2026;Salade de carottes;15;105\n' +
  '03/03/2026;Burger du chef;10;60\n' +
  '04/03/2026;Café;30;75\n';

async function seed(page: Page, origin: string) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const product = (name: string, extra: Record<string, unknown> = {}) =>
    post('/api/products', { name, per100g: {}, allergens: [], traces: [], ...extra });
  const carrots = await product('Carottes', { labels: ['bio'] });
  const cream = await product('Crème fraîche');
  const beef = await product('Bœuf haché', { meatKind: 'bovine', labels: ['label_rouge'] });
  const recipe = (name: string, price: number, servings: number, ingredients: unknown[]) =>
    post('/api/recipes', { name, servings, price, ingredients, allergens: [], dietaryInfo: [] });
  const recipes = [
    await recipe('Steak haché maison', 5, 1, [{ productId: beef.id, quantity: 150, unit: 'g' }]),
    await recipe('Velouté de carottes', 6, 4, [
      { productId: carrots.id, quantity: 500, unit: 'g' },
      { productId: cream.id, quantity: 100, unit: 'ml' },
    ]),
    await recipe('Salade de carottes', 7, 1, [{ productId: carrots.id, quantity: 200, unit: 'g' }]),
    await recipe('Burger du chef', 6, 1, [{ productId: beef.id, quantity: 200, unit: 'g' }]),
  ];
  const menu = await post('/api/menus', { name: 'Carte du midi' });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  for (const r of recipes) await post(`/api/sections/${section.id}/items`, { recipeId: r.id });
  await post(`/api/sections/${section.id}/items`, {
    name: 'Café',
    price: 2.5,
    allergens: [],
    traces: [],
    dietaryInfo: [],
    allergensDeclared: true,
  });
}

for (const [viewport, locale] of [
  [LAPTOP, 'en-US'],
  [PHONE, 'fr-FR'],
] as const) {
  test.describe(`${viewport.width} px, browser locale ${locale}`, () => {
    test.use({ locale });

    test(`invoices in, prices and their chart, sales and the menu-engineering chart (${viewport.width} px)`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await signUp(page);
      await seed(page, baseURL!);
      const w = viewport.width;

      await page.goto('/achats');
      await expect(page.getByRole('heading', { name: 'Achats', level: 1 })).toBeVisible();
      await page.getByLabel('Choisir des factures').setInputFiles([
        { name: 'facture-janvier.xml', mimeType: 'application/xml', buffer: Buffer.from(ciiXml(january)) },
        { name: 'facture-mars.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await facturXPdf(ciiXml(march))) },
      ]);
      const imported = page.getByTestId('invoice-import');
      await expect(imported.getByRole('link', { name: 'vérifier ses 4 lignes' })).toBeVisible();
      await expect(imported.getByRole('link', { name: 'vérifier ses 2 lignes' })).toBeVisible();
      await expect(page.getByTestId('invoice-list').getByText('Brouillon')).toHaveCount(2);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `purchases-import-${w}`);

      // January: the eggs have no product yet; the line creates it. Then confirm.
      await imported.getByRole('link', { name: 'vérifier ses 4 lignes' }).click();
      await expect(page.getByRole('heading', { name: 'Facture F-2026-0001' })).toBeVisible();
      const line = (ref: string) => page.getByTestId('invoice-line').filter({ has: page.getByText(`réf. ${ref}`) });
      const eggs = line('OEU-30');
      await expect(line('BOE-HA').getByText('Suggéré')).toBeVisible();
      await eggs.getByRole('button', { name: 'Créer ce produit' }).click();
      await expectToast(page, 'Produit « Œufs plein air calibre m » créé');
      await expect(eggs.getByLabel('Produit')).toHaveValue(/.+/);
      await screenshot(page, `purchases-invoice-${w}`);
      await page.getByRole('button', { name: 'Valider la facture' }).click();
      // The eggs' price per unit waits for their unit weight (kept in their history).
      await expectToast(page, 'Facture validée : 3 prix mis à jour, recettes recalculées');
      await expect(page.getByText('Validée', { exact: true })).toBeVisible();

      // March, read from the Factur-X: matched « Appris ».
      await page.goto('/achats');
      await page
        .getByTestId('invoice-list')
        .getByRole('link', { name: /F-2026-0037/ })
        .click();
      await expect(page.getByTestId('invoice-line').getByText('Appris')).toHaveCount(2);
      await page.getByRole('button', { name: 'Valider la facture' }).click();
      await expectToast(page, 'Facture validée : 2 prix mis à jour');

      // A supplier's price list: typed supplier, dropped CSV, « Appris » from the invoices, saffron left aside.
      await page.goto('/achats');
      await page.getByRole('textbox', { name: 'Fournisseur' }).fill('Primeurs du Marché');
      await page
        .getByLabel('Choisir un tarif')
        .setInputFiles({ name: 'tarif-fevrier.csv', mimeType: 'text/csv', buffer: Buffer.from(PRICE_LIST) });
      const priceListLink = page
        .getByTestId('price-list-import')
        .getByRole('link', { name: 'vérifier ses 2 articles' });
      await expect(priceListLink).toBeVisible();
      await screenshot(page, `purchases-price-list-import-${w}`);
      await priceListLink.click();
      await expect(page.getByRole('heading', { name: 'Tarif Primeurs du Marché' })).toBeVisible();
      const articles = page.getByTestId('price-list-line');
      await expect(articles.first().getByText('Appris')).toBeVisible();
      await expect(articles.first()).toContainText(/Soit 1,35\s€/);
      await expect(articles.nth(1).getByLabel('Produit')).toHaveValue('');
      await expectNoHorizontalScroll(page);
      await screenshot(page, `purchases-price-list-${w}`);
      await page.getByRole('button', { name: 'Valider le tarif' }).click();
      await expectToast(page, 'Tarif validé : les prix sont dans l’historique');
      await expect(page.getByText('Validé', { exact: true })).toBeVisible();

      // « Prix »: beef +66,7 %; a target typed « 45,5 » in either locale; the steak crosses it.
      await page.goto('/prix');
      const rises = page.getByTestId('price-rises');
      await expect(rises.getByRole('listitem').first()).toContainText('Bœuf haché');
      await expect(rises.getByRole('listitem').first()).toContainText(/\+66,7\s%/);
      await page.getByLabel('Objectif de coût matière (% du prix HT)').fill('45,5');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, 'Objectif enregistré');
      const steak = page
        .getByTestId('recipes-over-target')
        .getByRole('listitem')
        .filter({ hasText: 'Steak haché maison' });
      await expect(steak).toContainText(/39,6\s%\s→\s66,0\s%/);
      await expect(steak.getByText('Objectif dépassé')).toBeVisible();
      await rises.getByRole('button', { name: 'Bœuf haché' }).click();
      const chart = page.getByTestId('price-chart');
      await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /de 12,00\s€ à 20,00\s€/);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `purchases-prices-${w}`);

      // « Ventes »: a till's CSV, then the quadrant chart over March.
      await page.goto('/ventes');
      await page.getByLabel('Choisir un export de caisse').setInputFiles({
        name: 'ventes-mars.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(SALES),
      });
      await expect(page.getByText(/5 lignes \(générique\)/)).toBeVisible();
      await page.getByLabel('Du').fill('2026-03-01');
      await page.getByLabel('Au').fill('2026-03-31');
      const table = page.getByTestId('engineering-table');
      await expect(table.getByRole('row', { name: /Velouté de carottes/ })).toContainText('Star');
      await expect(table.getByRole('row', { name: /Steak haché maison/ })).toContainText('Vache à lait');
      await expect(table.getByRole('row', { name: /Salade de carottes/ })).toContainText('Énigme');
      await expect(table.getByRole('row', { name: /Burger du chef/ })).toContainText('Poids mort');
      await expect(page.getByTestId('engineering-chart').getByRole('img')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `purchases-engineering-${w}`);

      // A draft deleted from its page: the app's confirm dialog asks first; « Annuler » keeps it.
      const draft = await page.request.post('/api/purchases/invoices', {
        headers: { Origin: baseURL!, 'Content-Type': 'application/xml' },
        data: ciiXml({ ...march, number: 'F-2026-0099' }),
      });
      expect(draft.status()).toBe(201);
      const { invoice } = (await draft.json()) as { invoice: { id: string } };
      await page.goto(`/achats/${invoice.id}`);
      const remove = page.getByRole('button', { name: 'Supprimer le brouillon' });
      await remove.click();
      const dialog = page.getByRole('alertdialog', { name: /^Supprimer ce brouillon de facture/ });
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.click();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Brouillon supprimé');
      await expect(page).toHaveURL(/\/achats$/);
      expect((await page.request.get(`/api/purchases/invoices/${invoice.id}`)).status()).toBe(404);
    });
  });
}
