import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectNoHorizontalScroll, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * Costs and margins (docs/decisions/0023-costs-import-export.md): a price typed TTC
 * in French decimals in any browser locale, the take-away VAT, the coefficient on the card,
 * the « Coûts » table sorted by column, an incomplete cost that says so.
 */
async function seed(page: Page, origin: string) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status()).toBe(201);
    return response.json();
  };
  const product = (name: string, amount: number | null) =>
    post('/api/products', {
      name,
      per100g: { energyKcal: 300 },
      allergens: [],
      traces: [],
      labels: [],
      price: amount === null ? null : { amount, per: 'kg' },
    });
  const beef = await product('Paleron de bœuf', 16);
  const salt = await product('Fleur de sel', null);
  const bones = await product('Os de veau', 2);
  // A sub-recipe: 1 kg of bones (2,00 €) reduced to 500 g of stock.
  const stock = await post('/api/recipes', {
    name: 'Fond brun maison',
    servings: 10,
    yieldGrams: 500,
    ingredients: [{ productId: bones.id, quantity: 1, unit: 'kg' }],
    allergens: [],
  });
  // 600 g at 16 €/kg (9,60 €) + 250 g of stock (1,00 €) for 4 portions: 2,65 € a portion.
  const braise = await post('/api/recipes', {
    name: 'Bœuf braisé',
    servings: 4,
    ingredients: [
      { productId: beef.id, quantity: 600, unit: 'g' },
      { recipeId: stock.id, quantity: 250, unit: 'g' },
    ],
    allergens: [],
  });
  await post('/api/recipes', {
    name: 'Beurre salé maison',
    servings: 4,
    price: 3,
    ingredients: [
      { productId: salt.id, quantity: 10, unit: 'g' },
      { productId: beef.id, quantity: 100, unit: 'g' },
    ],
    allergens: [],
  });
  return { braise };
}

for (const locale of ['en-US', 'fr-FR']) {
  test.describe(`browser locale ${locale}`, () => {
    test.use({ locale });

    for (const viewport of [LAPTOP, PHONE]) {
      test(`price TTC, take-away VAT and coefficient on the card, then the « Coûts » table (${viewport.width} px)`, async ({
        page,
        baseURL,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(viewport);
        await signUp(page);
        const { braise } = await seed(page, baseURL!);
        await page.goto('/recipes');
        const card = page.getByTestId('recipe-card').filter({ hasText: 'Bœuf braisé' });
        await card.getByRole('button', { name: 'Modifier' }).click();

        // « 13,20 » in any locale: 12,00 € HT on site, so 2,65 ÷ 12 = 22,1 % and a coefficient of 4,53.
        await page.getByLabel('Prix (€)').fill('13,20');
        const costs = page.getByTestId('cost-fields');
        await expect(costs.getByTestId('form-price-ht')).toHaveText(/^12,00\s€$/);
        await expect(costs.getByTestId('form-food-cost-percent')).toHaveText(/^22,1\s%$/);
        await expect(costs.getByTestId('form-coefficient')).toHaveText('4,53');
        // To take away: 13,20 ÷ 1,055 = 12,51 € HT.
        await costs.getByLabel('À emporter (TVA 5,5\u00a0%)').check();
        await expect(costs.getByTestId('form-price-ht')).toHaveText(/^12,51\s€$/);
        await expect(costs.getByTestId('form-coefficient')).toHaveText('4,72');
        await page.getByRole('button', { name: 'Ajouter une étape' }).click();
        await page.getByLabel('Étape 1', { exact: true }).fill('Saisir la viande');
        await page.getByRole('button', { name: 'Ajouter une étape' }).click();
        await page.getByLabel('Étape 2', { exact: true }).fill('Braiser 3 h à 150 °C');
        await costs.scrollIntoViewIfNeeded();
        await screenshot(page, `costs-form-${locale}-${viewport.width}`);
        await page.getByRole('button', { name: 'Mettre à jour' }).click();
        await expectToast(page, 'Recette mise à jour avec succès');

        const stored = await (await page.request.get(`/api/recipes/${braise.id}`)).json();
        expect(stored).toMatchObject({
          price: 13.2,
          saleMode: 'a_emporter',
          priceHt: 12.51,
          foodCostPercent: 21.2,
          coefficient: 4.72,
          progression: ['Saisir la viande', 'Braiser 3 h à 150 °C'],
        });
        await expect(card.getByTestId('cost-line')).toHaveText(
          /^Coût matière\s:\s2,65\s€ \/ portion \(21,2\s% du prix HT · coefficient 4,72\)$/,
        );
        const incomplete = page
          .getByTestId('recipe-card')
          .filter({ hasText: 'Beurre salé maison' })
          .getByTestId('cost-line');
        await expect(incomplete).toHaveText(/^Coût matière incomplet\s:\sprix manquant pour Fleur de sel$/);

        // « Coûts », from « Mes Recettes ».
        const asked: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
        });
        await page.getByRole('link', { name: 'Voir les coûts et marges' }).click();
        await expect(page.getByRole('heading', { name: 'Coûts', level: 1 })).toBeVisible();
        const rows = page.getByTestId('cost-row');
        await expect(rows).toHaveCount(3);
        // The table reads each recipe's costs only, never the whole list with its lines (bench/growth.ts).
        expect(asked).toContain('/api/recipes?view=costs');
        expect(asked).not.toContain('/api/recipes');
        await expect(rows.first()).toContainText('Beurre salé maison');
        await expect(rows.first()).toContainText('Incomplet');
        await page.getByRole('button', { name: /^Coefficient/ }).click();
        await expect(page.getByRole('columnheader', { name: /^Coefficient/ })).toHaveAttribute(
          'aria-sort',
          'ascending',
        );
        // The unknown coefficient stays last in both directions.
        await expect(rows.first()).toContainText('Bœuf braisé');
        await page.getByRole('button', { name: /^Coefficient/ }).click();
        await expect(rows).toContainText(['Bœuf braisé', 'Beurre salé maison', 'Fond brun maison']);
        await expect(rows.first()).toContainText(/2,65\s€ · 21,2\s%/);
        await expectNoHorizontalScroll(page);
        // The line without a price is named under the recipe's name, in view at 360 px too (the
        // other columns scroll sideways), with the way to the form that prices it.
        const missing = rows.filter({ hasText: 'Beurre salé maison' }).getByTestId('missing-prices');
        await expect(missing).toHaveText(/^Prix manquant\s: Fleur de sel Donner les prix$/);
        await expect(missing).toBeInViewport();
        await expect(rows.filter({ hasText: 'Bœuf braisé' }).getByTestId('missing-prices')).toHaveCount(0);
        await screenshot(page, `costs-table-${locale}-${viewport.width}`);
        await missing.getByRole('link', { name: 'Donner les prix manquants de Beurre salé maison' }).click();
        await expect(page).toHaveURL(/\/recipes$/);
        await expect(page.getByLabel('Nom de la recette')).toHaveValue('Beurre salé maison');
        const salt = page
          .getByRole('list', { name: 'Ingrédients de la recette' })
          .getByRole('listitem')
          .filter({ hasText: 'Fleur de sel' });
        await expect(salt.getByTestId('line-price')).toContainText('Prix manquant');
        await expect(salt.getByRole('link', { name: 'Le donner dans Mes produits' })).toBeVisible();

        // The fiche technique: the stock's own line under it, scaled to the 250 g used of 500 g;
        // « Progression » numbered; the cost block below.
        await page.goto(`/recipes/${braise.id}/fiche`);
        const lines = page.getByTestId('ingredients-table').locator('tbody tr');
        await expect(lines).toHaveCount(3);
        await expect(lines.nth(1)).toHaveAttribute('data-depth', '0');
        await expect(lines.nth(1)).toContainText('Fond brun maison');
        await expect(lines.nth(2)).toHaveAttribute('data-depth', '1');
        await expect(lines.nth(2)).toContainText(/Os de veau.*0,5.*kg.*500\sg/);
        await expect(page.getByTestId('sheet-progression').locator('li')).toHaveText([
          'Saisir la viande',
          'Braiser 3 h à 150 °C',
        ]);
        const sheetCosts = page.getByTestId('sheet-costs');
        await expect(sheetCosts).toContainText(/Coût matière \(recette\)\s*10,60\s€/);
        await expect(sheetCosts).toContainText(/Coefficient\s*4,72/);
        await screenshot(page, `costs-fiche-${locale}-${viewport.width}`);
      });
    }
  });
}
