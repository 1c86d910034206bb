import { expect, test } from '@playwright/test';
import { calmScreenshot, expectNoHorizontalScroll, expectToast, LAPTOP, PHONE, seedMenu, signUp } from './fixtures.ts';

/**
 * The menu diners are handed (docs/product/decisions.md 18): the owner types a dish's
 * price in the menu editor in French (in an English browser too), adds a drink without a
 * recipe with its own allergens, and a diner's page shows « 12,50 € » and ends with « Prix
 * nets, service compris ».
 */
const CASES = [
  { viewport: LAPTOP, locale: 'en-US' },
  { viewport: PHONE, locale: 'fr-FR' },
] as const;

for (const { viewport, locale } of CASES) {
  test.describe(`diners’ menu at ${viewport.width} px, browser ${locale}`, () => {
    test.use({ viewport, locale, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

    test('inline price with a decimal comma, a drink without a recipe, prices on the public page', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await signUp(page);
      const menuId = await seedMenu(page, baseURL!);
      await page.goto(`/menus/${menuId}`);

      const puree = page.getByTestId('menu-item').filter({ hasText: 'Purée' });
      await expect(puree).toContainText('Prix à renseigner');
      // The recipe has no price: the dish gets one of its own on this menu (docs/product/api.md « Kitchen »).
      await puree.getByRole('button', { name: 'Prix propre au menu' }).click();
      const priceForm = puree.getByRole('form', { name: 'Prix de Purée' });
      const price = priceForm.getByLabel('Prix propre au menu (€)');
      // A negative price is refused next to the field, nothing sent.
      await price.fill('-3');
      await priceForm.getByRole('button', { name: 'OK' }).click();
      await expect(priceForm.getByRole('alert')).toHaveText('Le prix ne peut pas être négatif');
      await price.fill('12,5');
      await priceForm.getByRole('button', { name: 'OK' }).click();
      await expectToast(page, 'Prix propre au menu enregistré');
      await expect(puree).not.toContainText('Prix à renseigner');
      await expect(price).toHaveValue('12,50');

      // A drink without a recipe, with its own allergen list confirmed.
      await page.getByRole('button', { name: 'Ajouter sans recette' }).click();
      const own = page.getByRole('form', { name: 'Ajouter un élément sans recette' });
      await own.getByLabel('Nom de l’élément').fill('Côtes du Rhône, le verre 12 cl');
      await own.getByLabel('Prix (€)').fill('6,5');
      await own.getByLabel('Anhydride sulfureux et sulfites').check();
      await own.getByLabel('Végan').check();
      await own.getByLabel('Je confirme la liste des allergènes').check();
      await calmScreenshot(page, `diners-own-item-form-${viewport.width}`);
      await own.getByRole('button', { name: 'Ajouter' }).click();
      await expectToast(page, 'Élément ajouté');
      const wine = page.getByTestId('menu-item').filter({ hasText: 'Côtes du Rhône' });
      await expect(wine).toContainText('Sans recette');
      await expect(wine.getByLabel('Prix (€)')).toHaveValue('6,50');
      await expectNoHorizontalScroll(page);
      await calmScreenshot(page, `diners-menu-editor-${viewport.width}`);

      // « Fait maison » and the meat's origin, declared in the recipe form.
      await page.goto('/recipes');
      const card = page.getByTestId('recipe-card').filter({ hasText: 'Purée' });
      await card.getByRole('button', { name: 'Modifier' }).click();
      const recipeForm = page.getByRole('form', { name: 'Modifier la recette' });
      await recipeForm.getByLabel('Fait maison').check();
      await recipeForm.getByRole('button', { name: 'Ajouter une viande' }).click();
      const origin = recipeForm.getByTestId('meat-origin');
      await expect(origin).toContainText('Origine à compléter');
      await origin.getByLabel('Pays de naissance').fill('France');
      await origin.getByLabel('Pays d’élevage').fill('France');
      await origin.getByLabel('Pays d’abattage').fill('France');
      await expect(origin).toContainText(/Sur la carte\s: Bœuf · Origine\s: France/);
      await calmScreenshot(page, `diners-recipe-mentions-${viewport.width}`);
      await recipeForm.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Recette mise à jour avec succès');
      await expect(card).toContainText('Fait maison');
      await expect(card.getByTestId('meat-origin-missing')).toHaveCount(0);

      // The diner's page, without JavaScript, read by a French diner (an en-US browser is shown
      // the English page since the diner's languages (docs/decisions/0020): the owner's form was typed in en-US, not the diner's).
      const diner = await page.context().browser()!.newContext({ viewport, locale: 'fr-FR', javaScriptEnabled: false });
      const menu = await diner.newPage();
      await menu.goto(`${baseURL}/menu/${menuId}`);
      const dish = menu.locator('li.item').filter({ hasText: 'Purée' });
      await expect(dish.locator('.pr')).toHaveText(/^Prix\s:\s12,50\s€$/);
      const drink = menu.locator('li.item').filter({ hasText: 'Côtes du Rhône' });
      await expect(drink.locator('.pr')).toHaveText(/6,50\s€$/);
      await expect(drink).toContainText('Anhydride sulfureux et sulfites');
      await expect(drink).toContainText('Végan');
      await expect(drink).not.toContainText('Informations nutritionnelles');
      await expect(menu.locator('main > .pm').first()).toHaveText('Prix nets, service compris');
      await expect(dish.locator('.fm')).toHaveText('Fait maison');
      await expect(dish.locator('.origins')).toHaveText(/^Bœuf · Origine\s: France$/);
      await menu.screenshot({
        path: `test-results/screenshots/diners-public-menu-${viewport.width}.png`,
        fullPage: true,
      });
      await diner.close();
    });
  });
}
