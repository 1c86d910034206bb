import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { calmScreenshot, expectNoHorizontalScroll, expectToast, LAPTOP, PHONE, signUp } from './fixtures.ts';

/**
 * Meat origin from the products (docs/decisions/0023-costs-import-export.md « Meat
 * origins from products »): a product of beef born, reared and slaughtered in France, typed in
 * the product form; a dish made of it on a menu; a diner reads « Viande bovine · Origine :
 * France » with nothing declared on the recipe; « Reprendre l’origine de mes produits » then
 * declares it on the recipe, and the declaration is what diners read.
 */
async function seedDish(page: Page, origin: string, productId: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const recipe = await post('/api/recipes', {
    name: 'Bœuf mode',
    servings: 4,
    ingredients: [{ productId, quantity: 800, unit: 'g' }],
    allergens: [],
    allergensDeclared: true,
  });
  const menu = await post('/api/menus', { name: 'Carte du midi' });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
  return menu.id;
}

for (const viewport of [LAPTOP, PHONE]) {
  test(`a product’s meat origin reaches the diner’s page (${viewport.width} px)`, async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUp(page);

    await page.goto('/produits');
    await page.getByRole('button', { name: 'Nouveau produit' }).click();
    const form = page.getByRole('form', { name: 'Nouveau produit' });
    await form.getByLabel('Nom du produit').fill('Paleron de bœuf');
    await form.getByLabel('Énergie (kcal)').fill('150');
    await form.getByLabel('Viande').selectOption('bovine');
    // Stages first, to see the form's two ways; then back to one country.
    await form.getByLabel('Un pays par étape').check();
    await expect(form.getByLabel('Pays de naissance')).toBeVisible();
    await calmScreenshot(page, `meat-origin-product-stages-${viewport.width}`);
    await form.getByLabel('Un seul pays').check();
    await form.getByLabel('Pays d’origine (né, élevé et abattu)').fill('France');
    await form.getByRole('button', { name: 'Créer le produit' }).click();
    await expectToast(page, 'Produit créé');
    await expect(page.getByText('Origine\u00a0: France · Bœuf, veau')).toBeVisible();
    const products = (await (await page.request.get('/api/products')).json()).products as {
      id: string;
      origin: string;
      meatKind: string;
    }[];
    expect(products).toMatchObject([{ origin: 'France', meatKind: 'bovine' }]);

    const menuId = await seedDish(page, baseURL!, products[0]!.id);
    const diner = await browser.newContext({ viewport, locale: 'fr-FR', javaScriptEnabled: false });
    const menu = await diner.newPage();
    await menu.goto(`${baseURL}/menu/${menuId}`);
    const dish = menu.locator('li.item').filter({ hasText: 'Bœuf mode' });
    await expect(dish.locator('.origins')).toHaveText(/^Viande bovine · Origine\s: France$/);
    await menu.screenshot({
      path: `test-results/screenshots/meat-origin-public-${viewport.width}.png`,
      fullPage: true,
    });

    // The owner takes the products' origin into the recipe's declaration, and may change it.
    await page.goto('/recipes');
    const card = page.getByTestId('recipe-card').filter({ hasText: 'Bœuf mode' });
    await expect(card.getByTestId('meat-origin-missing')).toHaveCount(0);
    await card.getByRole('button', { name: 'Modifier' }).click();
    const recipeForm = page.getByRole('form', { name: 'Modifier la recette' });
    await expect(recipeForm.getByTestId('origins-from-products')).toHaveText(/Viande bovine · Origine\s: France/);
    await recipeForm.getByRole('button', { name: 'Reprendre l’origine de mes produits' }).click();
    const declared = recipeForm.getByTestId('meat-origin');
    await expect(declared.getByLabel('Pays de naissance')).toHaveValue('France');
    await expect(declared).toContainText(/Sur la carte\s: Bœuf · Origine\s: France/);
    await expectNoHorizontalScroll(page);
    await declared.scrollIntoViewIfNeeded();
    await calmScreenshot(page, `meat-origin-recipe-form-${viewport.width}`);
    await recipeForm.getByRole('button', { name: 'Mettre à jour' }).click();
    await expectToast(page, 'Recette mise à jour avec succès');

    await menu.reload();
    await expect(dish.locator('.origins')).toHaveText(/^Bœuf · Origine\s: France$/);
    // A foreign diner reads it in their language (src/shared/diner/meat-origin-names.ts).
    await menu.goto(`${baseURL}/menu/${menuId}?lang=en`);
    await expect(dish.locator('.origins')).toHaveText(/^Beef · Origin: France$/);
    await expect(menu.getByText('Meat origin:')).toBeVisible();
    await diner.close();
  });
}
