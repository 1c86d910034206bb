import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * « Mes produits » (docs/product/products.md): a product from its label, pre-filled
 * from a Ciqual food, typed with French decimals in any browser locale, then used in a recipe
 * where it comes first in the search, marked « Mon produit », and brings its allergens.
 */
const CIQUAL_BUTTER = 'Beurre à 80% MG minimum, doux';
const PRODUCT = 'Beurre doux AOP Charentes-Poitou';

const search = (page: Page) => page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' });
const chip = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Allergènes du produit' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function storedProducts(page: Page) {
  const response = await page.request.get('/api/products');
  expect(response.status()).toBe(200);
  return (await response.json()).products as Record<string, unknown>[];
}

for (const locale of ['en-US', 'fr-FR']) {
  test.describe(`browser locale ${locale}`, () => {
    test.use({ locale });

    for (const viewport of [LAPTOP, PHONE]) {
      test(`a product from its label, pre-filled from Ciqual, then in a recipe with its allergens (${viewport.width} px)`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(viewport);
        await signUp(page);
        await page.goto('/produits');
        await expect(page.getByRole('heading', { name: 'Mes produits', level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Nouveau produit' }).click();
        await page.getByLabel('Nom du produit').fill(PRODUCT);
        await page.getByLabel('Fournisseur (optionnel)').fill('Laiterie Z');

        // « À partir d’un aliment Ciqual »: the nine values arrive as French text.
        await search(page).fill('beurre doux');
        await page.getByRole('option', { name: new RegExp(`^${CIQUAL_BUTTER} \\d`) }).click();
        await expect(page.getByText(`Valeurs reprises de\u00a0: ${CIQUAL_BUTTER}`)).toBeVisible();
        await expect(page.getByLabel('Énergie (kcal)')).toHaveValue('753');
        // Corrected from the label: « 745,5 » in any locale; fibre left blank (unknown, not 0).
        await page.getByLabel('Énergie (kcal)').fill('745,5');
        await page.getByLabel('Sel (g)').fill('0.05');
        await page.getByLabel('Fibres (g)').fill('');
        // More than 100 g in 100 g is refused next to the field.
        await page.getByLabel('dont acides gras saturés (g)').fill('120');
        await page.getByRole('button', { name: 'Créer le produit' }).click();
        await expect(
          page.getByText('La valeur doit être comprise entre 0 et 100\u00a0g pour 100\u00a0g'),
        ).toBeVisible();
        expect(await storedProducts(page)).toEqual([]);
        await page.getByLabel('dont acides gras saturés (g)').fill('52,1');

        await chip(page, 'Lait').click();
        await chip(page, 'Fruits à coque').click();
        await chip(page, 'Fruits à coque').click();
        await page.getByLabel('Prix (€ HT)').fill('9,8');
        await page.getByLabel('Par', { exact: true }).selectOption('kg');
        await page.getByLabel('Origine (pays, optionnel)').fill('France');
        await page.getByLabel('AOP / AOC').check();
        await screenshot(page, `products-form-${locale}-${viewport.width}`);
        await page.getByRole('button', { name: 'Créer le produit' }).click();
        await expectToast(page, 'Produit créé');

        const [stored] = await storedProducts(page);
        expect(stored).toMatchObject({
          name: PRODUCT,
          supplier: 'Laiterie Z',
          basedOnCode: '16400',
          per100g: { energyKcal: 745.5, salt: 0.05, fiber: null, saturatedFat: 52.1 },
          allergens: ['Lait'],
          traces: ['Fruits à coque'],
          price: { amount: 9.8, per: 'kg' },
          origin: 'France',
          labels: ['aop_aoc'],
        });
        const card = page.getByTestId('product-card').filter({ hasText: PRODUCT });
        await expect(card).toContainText('745,5 kcal');
        await expect(card).toContainText('9,80 € le kg');
        await screenshot(page, `products-list-${locale}-${viewport.width}`);

        // In a recipe: first in the search, marked « Mon produit »; its allergens are the recipe's.
        await page.goto('/recipes');
        await page.getByRole('button', { name: 'Nouvelle recette' }).click();
        await page.getByLabel('Nom de la recette').fill('Beurre blanc');
        await page.getByLabel('Portions').fill('4');
        await search(page).fill('beurre doux');
        const options = page.getByRole('option');
        await expect(options.first()).toContainText(PRODUCT);
        await expect(options.first()).toContainText('Mon produit');
        await options.first().click();
        await page.getByLabel(`Quantité de ${PRODUCT}`).fill('0,2');
        await page.getByLabel(`Unité de ${PRODUCT}`).selectOption('kg');
        const fromProducts = page.getByLabel('Allergènes de vos produits');
        await expect(fromProducts).toContainText(`Contient\u00a0: Lait (${PRODUCT})`);
        await expect(fromProducts).toContainText(`Peut contenir\u00a0: Fruits à coque (${PRODUCT})`);
        await screenshot(page, `products-in-recipe-${locale}-${viewport.width}`);
        await page.getByRole('button', { name: 'Créer', exact: true }).click();
        await expectToast(page, 'Recette créée avec succès');
        const recipes = (await (await page.request.get('/api/recipes')).json()).recipes as {
          allergens: string[];
          traces: string[];
          caloriesPerServing: number;
        }[];
        // 200 g × 7.455 kcal/g ÷ 4 portions = 372.75 → 373.
        expect(recipes[0]).toMatchObject({ allergens: ['Lait'], traces: ['Fruits à coque'], caloriesPerServing: 373 });
        // 200 g at 9,80 € HT the kg = 1,96 € for 4 portions: 0,49 € each, on the owner's card.
        expect(recipes[0]).toMatchObject({ costPerServing: 0.49 });
        await expect(page.getByTestId('cost-line').first()).toHaveText(/^Coût matière\s:\s0,49\s€ \/ portion$/);

        // Still used: the deletion is refused, naming the recipe.
        await page.goto('/produits');
        await card.getByRole('button', { name: 'Supprimer' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
        await expectToast(page, 'Ce produit est utilisé dans\u00a0: Beurre blanc');
        expect(await storedProducts(page)).toHaveLength(1);
      });
    }
  });
}
