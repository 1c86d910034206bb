import { expect, test } from '@playwright/test';
import { messages } from '../src/shared/messages.ts';
import {
  calmScreenshot,
  expectFitsScreen,
  expectToast,
  LAPTOP,
  makePremium,
  openOrganisationPage,
  PHONE,
  seedMenu,
  signUp,
  uniqueEmail,
} from './fixtures.ts';

/**
 * « Établissements » (docs/product/organisations.md; the « Établissement » card of « Mon compte »
 * moved here, docs/decisions/0016-organisations.md): the first
 * establishment edited with its errors next to the fields, the free plan's limit and its way
 * to Premium, then on Premium a second site that a menu picks and the diner reads.
 */
for (const viewport of [LAPTOP, PHONE]) {
  const w = viewport.width;
  test.describe(`at ${w} px`, () => {
    test.use({ viewport, isMobile: w < 768, hasTouch: w < 768 });

    test('the first establishment is edited, the free plan stops at one, Premium adds a site that a menu and its diners show', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await signUp(page, uniqueEmail('etablissement'), 'Chez Lucie');
      const menuId = await seedMenu(page, baseURL!);
      await openOrganisationPage(page, 'Établissements');
      await expect(page).toHaveURL(/\/etablissements$/);

      // Free plan: one establishment, the button off and the way to Premium.
      await expect(page.getByRole('button', { name: 'Nouvel établissement' })).toBeDisabled();
      await expect(page.getByTestId('establishments-limit')).toContainText(messages.limits.establishments);
      await expect(
        page.getByTestId('establishments-limit').getByRole('link', { name: 'Passer au Premium' }),
      ).toHaveAttribute('href', '/subscription');

      // The first establishment (the restaurant given at sign-up): a wrong phone is refused next to its field.
      const first = page.getByTestId('establishment-card').filter({ hasText: 'Chez Lucie' });
      await first.getByRole('button', { name: 'Modifier' }).click();
      const form = page.getByRole('form', { name: 'Modifier l’établissement' });
      await expect(form.getByLabel('Nom de l’établissement')).toHaveValue('Chez Lucie');
      await form.getByLabel('Adresse (optionnel)').fill('3 place du Marché');
      await form.getByLabel('Code postal').fill('69001');
      await form.getByLabel('Ville').fill('Lyon');
      await form.getByLabel('Téléphone (optionnel)').fill('04 72');
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expect(form.getByText('Numéro de téléphone invalide (ex. : 01 23 45 67 89)')).toBeVisible();
      await calmScreenshot(page, `establishment-form-${w}`);
      await form.getByLabel('Téléphone (optionnel)').fill('+33 4 72 00 00 00');
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Établissement enregistré');
      await expect(first.getByTestId('establishment-address')).toHaveText('3 place du Marché, 69001 Lyon');
      await expect(first).toContainText('04 72 00 00 00');
      await expectFitsScreen(page, 'Établissements');
      await calmScreenshot(page, `establishments-free-${w}`);

      // The printed fiche is headed by it.
      const [recipe] = (await (await page.request.get('/api/recipes')).json()).recipes as [{ id: string }];
      await page.goto(`/recipes/${recipe.id}/fiche`);
      await expect(page.getByTestId('sheet-establishment')).toHaveText(
        '3 place du Marché, 69001 Lyon · 04 72 00 00 00',
      );

      // Premium: a second site, chosen in the menu form; the card and the public menu show it.
      await makePremium(page, baseURL!);
      await page.goto('/etablissements');
      await page.getByRole('button', { name: 'Nouvel établissement' }).click();
      const create = page.getByRole('form', { name: 'Nouvel établissement' });
      await create.getByRole('button', { name: 'Créer' }).click();
      await expect(create.getByText('Le nom de l’établissement est requis')).toBeVisible();
      await create.getByLabel('Nom de l’établissement').fill('Cantine Jules Ferry');
      await create.getByLabel('Adresse (optionnel)').fill('8 rue de l’École');
      await create.getByLabel('Code postal').fill('69003');
      await create.getByLabel('Ville').fill('Lyon');
      await create.getByRole('button', { name: 'Créer' }).click();
      await expectToast(page, 'Établissement créé');
      await expect(page.getByTestId('establishment-card')).toHaveCount(2);
      await calmScreenshot(page, `establishments-premium-${w}`);

      await page.goto('/menus');
      const menuCard = page.getByTestId('menu-card').filter({ hasText: 'Carte du midi' });
      await expect(menuCard.getByTestId('menu-establishment')).toHaveText('Établissement : Chez Lucie');
      await menuCard.getByRole('button', { name: 'Modifier' }).click();
      await page.getByLabel('Établissement').selectOption({ label: 'Cantine Jules Ferry' });
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Menu mis à jour avec succès');
      await expect(menuCard.getByTestId('menu-establishment')).toHaveText('Établissement : Cantine Jules Ferry');
      await calmScreenshot(page, `menus-establishment-${w}`);
      await page.goto(`/menu/${menuId}`);
      await expect(page.locator('.resto')).toHaveText('Cantine Jules Ferry');
      await expect(page.locator('.addr')).toHaveText('8 rue de l’École, 69003 Lyon');
      // Its printed allergen table too (the recipe's fiche, which belongs to no menu, keeps the first one).
      await page.goto(`/menus/${menuId}/allergenes`);
      await expect(page.getByTestId('allergen-sheet')).toContainText('Cantine Jules Ferry');
      await expect(page.getByTestId('sheet-establishment')).toHaveText('8 rue de l’École, 69003 Lyon');

      // An establishment that still has menus is not deleted.
      await page.goto('/etablissements');
      const canteen = page.getByTestId('establishment-card').filter({ hasText: 'Cantine Jules Ferry' });
      await canteen.getByRole('button', { name: 'Supprimer' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Cet établissement a encore des menus');
      await expect(page.getByTestId('establishment-card')).toHaveCount(2);
    });
  });
}
