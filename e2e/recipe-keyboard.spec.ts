import { expect, test } from './test.ts';
import { expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

const FOODS = [
  'tomate',
  'carotte',
  'oignon',
  'beurre',
  'farine',
  'sucre',
  'lait',
  'pomme',
  'courgette',
  'poireau',
  'jambon',
  'fromage',
];

test('a 12-line recipe typed with the keyboard only, in under a minute, at 1280 px', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page);
  await page.goto('/recipes');
  await page.getByRole('button', { name: 'Nouvelle recette' }).focus();
  const started = Date.now();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Nom de la recette')).toBeVisible();
  await page.getByLabel('Nom de la recette').focus();
  await page.keyboard.type('Potée du marché');
  const search = page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' });
  await search.focus();
  for (const [index, food] of FOODS.entries()) {
    await expect(search).toBeFocused();
    await page.keyboard.type(food);
    // Wait for the hits, not a clock: Enter picks the first one.
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    const quantity = page.getByLabel(/^Quantité de /).nth(index);
    await expect(quantity).toBeFocused();
    await page.keyboard.type(`${100 + index * 10},5`);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(/^Unité de /).nth(index)).toBeFocused();
    await page.keyboard.type('g');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('list', { name: 'Ingrédients de la recette' }).getByRole('listitem')).toHaveCount(12);
  await expect(page.getByTestId('recipe-live-summary')).toContainText('12 ingrédients');
  await screenshot(page, 'recipe-form-keyboard-1280');
  await page.getByRole('button', { name: 'Créer', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Recette créée avec succès');
  const seconds = (Date.now() - started) / 1000;
  testInfo.annotations.push({ type: 'keyboard-entry-seconds', description: seconds.toFixed(1) });
  console.log(`Keyboard-only entry of 12 lines: ${seconds.toFixed(1)} s from the first key to « Recette créée »`);
  expect(seconds).toBeLessThan(60);
  await expect(page.getByText('Potée du marché')).toBeVisible();
});

test('the recipe form in steps at 360 px: step links, one column, the summary after the ingredients', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  await page.goto('/recipes');
  await page.getByRole('button', { name: 'Nouvelle recette' }).click();
  const steps = page.getByRole('navigation', { name: 'Étapes de la recette' }).getByRole('link');
  await expect(steps).toHaveText(['1Ingrédients', '2Allergènes', '3Valeurs et Nutri-Score', '4Coûts', '5Présentation']);
  await expect(page.getByTestId('recipe-live-summary')).toContainText('Aucun ingrédient pour l’instant');
  await steps.filter({ hasText: 'Coûts' }).click();
  await expect(page.getByRole('heading', { name: /Coûts/ })).toBeFocused();
  await expect(page.getByTestId('recipe-step-costs').getByLabel('Prix (€)')).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await screenshot(page, 'recipe-form-steps-360');
});
