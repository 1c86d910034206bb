import { READ_ONLY_AFTER_DOWNGRADE } from '../src/shared/plan-texts.ts';
import { calmScreenshot, expectToast, LAPTOP, makePremium, PHONE, signUp } from './fixtures.ts';
import { expect, test } from './test.ts';

/**
 * After a downgrade (DECISIONS 21, docs/product/downgrade.md): a Premium owner with 7 recipes
 * and 3 menus ends the subscription; the lists say what stays usable and what is read-only,
 * a read-only recipe's save is refused with the reason, the second menu's page is calm and
 * unpublished, and Premium again gives everything back.
 */
test('a subscription that ends: banners, a read-only recipe, an unpublished menu, and all back with Premium', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, undefined, 'Bistrot des Halles');
  await makePremium(page, baseURL!);
  const post = (path: string, data: unknown) => page.request.post(path, { headers: { Origin: baseURL! }, data });
  for (let i = 1; i <= 7; i += 1) {
    const created = await post('/api/recipes', {
      name: `Recette ${i}`,
      servings: 4,
      ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
    });
    expect(created.status()).toBe(201);
  }
  const menus: string[] = [];
  for (const name of ['Carte du midi', 'Carte du soir']) {
    const created = await post('/api/menus', { name });
    expect(created.status()).toBe(201);
    menus.push(((await created.json()) as { id: string }).id);
  }
  expect((await post('/api/billing/demo/portal', { action: 'end-now' })).status()).toBe(200);

  await page.goto('/recipes');
  const banner = page.getByTestId('downgrade-banner');
  await expect(banner).toContainText('les 2 autres sont en lecture seule');
  await expect(banner.getByRole('link', { name: 'Repasser au Premium' })).toBeVisible();
  await calmScreenshot(page, 'downgrade-recipes-1280');

  // The newest recipe (first in the list) is read-only: its save is refused with the reason.
  await page.getByRole('button', { name: 'Modifier' }).first().click();
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await expectToast(page, 'Recette en lecture seule', READ_ONLY_AFTER_DOWNGRADE.recipes);

  await page.goto('/menus');
  await expect(page.getByTestId('downgrade-banner')).toContainText('l’autre est en lecture seule');
  // The newer menu says it is not published; the oldest stays « Actif ».
  await expect(page.getByTestId('menu-card').filter({ hasText: 'Carte du soir' })).toContainText(
    'Lecture seule, non publié',
  );
  await expect(page.getByTestId('menu-card').filter({ hasText: 'Carte du midi' })).toContainText('Actif');
  await page.setViewportSize(PHONE);
  await calmScreenshot(page, 'downgrade-menus-360');

  const diner = await page.context().newPage();
  await diner.setViewportSize(PHONE);
  expect((await diner.goto(`/menu/${menus[0]}`))!.status()).toBe(200);
  expect((await diner.goto(`/menu/${menus[1]}`))!.status()).toBe(404);
  await expect(diner.getByRole('heading', { level: 1 })).toHaveText('Ce menu n’est pas disponible pour le moment');
  await calmScreenshot(diner, 'downgrade-unpublished-menu-360');

  await makePremium(page, baseURL!);
  expect((await diner.goto(`/menu/${menus[1]}`))!.status()).toBe(200);
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { name: 'Mes Recettes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('downgrade-banner')).toHaveCount(0);
});
