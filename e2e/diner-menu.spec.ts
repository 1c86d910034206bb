import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { dismissToasts, expectNoHorizontalScroll, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * Issue 18, the diner's side: five languages (?lang, Accept-Language, switcher links), the
 * allergen filter « Je ne mange pas de… » (a plain GET form), and « Épuisé » appearing live on
 * an open page when the owner marks it from the menu editor.
 */

/** A menu with a quiche (gluten, lait; English name given) and a salad (may contain nuts), seeded as the owner. */
async function seedDinerMenu(page: Page, origin: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const quiche = await post('/api/recipes', {
    name: 'Quiche aux poireaux',
    servings: 4,
    ingredients: [{ code: '22000', quantity: 200, unit: 'g' }],
    allergens: ['Gluten', 'Lait', 'Œufs'],
    allergensDeclared: true,
    dietaryInfo: ['Végétarien'],
    translations: { en: { name: 'Leek quiche' } },
  });
  const salade = await post('/api/recipes', {
    name: 'Salade du jardin',
    servings: 2,
    ingredients: [{ code: '20276', quantity: 200, unit: 'g' }],
    allergens: [],
    traces: ['Fruits à coque'],
    allergensDeclared: true,
    dietaryInfo: ['Végan'],
  });
  const menu = await post('/api/menus', { name: 'Carte du soir' });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  await post(`/api/sections/${section.id}/items`, { recipeId: quiche.id });
  await post(`/api/sections/${section.id}/items`, { recipeId: salade.id });
  return menu.id;
}

/** A diner's phone or laptop: no session, its own language. */
async function dinerPage(
  browser: Browser,
  baseURL: string,
  locale: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, locale, viewport, storageState: undefined });
  return { context, page: await context.newPage() };
}

const dish = (page: Page, name: string) =>
  page.locator('li.item').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('a phone in English reads the menu in English, filters « sans gluten », and the filter survives a switch to French', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page);
  const menuId = await seedDinerMenu(page, baseURL!);
  const diner = await dinerPage(browser, baseURL!, 'en-GB', PHONE);
  try {
    const d = diner.page;
    await d.goto(`/menu/${menuId}`);
    await expect(d.locator('html')).toHaveAttribute('lang', 'en');
    await expect(dish(d, 'Leek quiche')).toContainText('Allergens:');
    await expect(dish(d, 'Leek quiche')).toContainText('Milk');
    // No English name for the salad: the French one, marked as French.
    await expect(d.getByRole('heading', { level: 3, name: 'Salade du jardin' })).toHaveAttribute('lang', 'fr');
    await expectNoHorizontalScroll(d);
    await screenshot(d, 'diner-menu-en-360');

    // « Filter allergens », then « I don’t eat… »: a plain form, sent by the browser.
    await d.getByText('Filter allergens').click();
    await d.getByLabel('Gluten', { exact: true }).check();
    await d.getByLabel('Nuts', { exact: true }).check();
    await d.getByRole('button', { name: 'Filter' }).click();
    await expect(d).toHaveURL(/[?&]sans=gluten&sans=fruits-a-coque/);
    await expect(dish(d, 'Leek quiche')).toHaveClass(/\boff\b/);
    await expect(dish(d, 'Leek quiche')).toContainText('Contains: Gluten');
    await expect(dish(d, 'Salade du jardin')).toContainText('May contain: Nuts');
    await expectNoHorizontalScroll(d);
    await screenshot(d, 'diner-menu-filter-en-360');

    // The switcher keeps the filter.
    await d.getByRole('link', { name: 'Français' }).click();
    await expect(d.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(dish(d, 'Quiche aux poireaux')).toContainText('Contient\u00a0: Gluten');
    await expect(d.getByLabel('Gluten', { exact: true })).toBeChecked();
    await d.setViewportSize(LAPTOP);
    await screenshot(d, 'diner-menu-filter-fr-1280');
  } finally {
    await diner.context.close();
  }
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`« Épuisé » marked in the menu editor appears on an open public page without a reload (${viewport.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await signUp(page);
    const menuId = await seedDinerMenu(page, baseURL!);
    const diner = await dinerPage(browser, baseURL!, 'fr-FR', viewport);
    try {
      const d = diner.page;
      // The page listens (its event stream is open) before the owner acts.
      const listening = d.waitForResponse((r) => r.url().endsWith(`/menu/${menuId}/events`), { timeout: 20_000 });
      await d.goto(`/menu/${menuId}`);
      await expect(dish(d, 'Quiche aux poireaux')).toBeVisible();
      expect((await listening).status()).toBe(200);
      await expect(dish(d, 'Quiche aux poireaux')).not.toContainText('Épuisé');
      const marker = await d.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

      await page.setViewportSize(viewport);
      await page.goto(`/menus/${menuId}`);
      await page.getByRole('button', { name: 'Épuisé\u00a0: Quiche aux poireaux' }).click();
      await expect(page.getByRole('button', { name: 'Épuisé\u00a0: Quiche aux poireaux' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await dismissToasts(page);
      await screenshot(page, `menu-editor-sold-out-${viewport.width}`);

      // Live: the same document (no reload), updated by its script within seconds.
      await expect(dish(d, 'Quiche aux poireaux')).toContainText('Épuisé', { timeout: 10_000 });
      expect(await d.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);
      // Said aloud too (RGAA 7.5): the page's live region names the dish.
      await expect(d.getByRole('status')).toHaveText('Épuisé\u00a0: Quiche aux poireaux.');
      await screenshot(d, `diner-menu-sold-out-live-${viewport.width}`);

      // And back, still live.
      await page.getByRole('button', { name: 'Épuisé\u00a0: Quiche aux poireaux' }).click();
      await expect(dish(d, 'Quiche aux poireaux')).not.toContainText('Épuisé', { timeout: 10_000 });
      await expect(d.getByRole('status')).toHaveText('De nouveau disponible\u00a0: Quiche aux poireaux.');
    } finally {
      await diner.context.close();
    }
  });
}

test('without JavaScript the filter works and a reload shows « Épuisé »', async ({ page, browser, baseURL }) => {
  await signUp(page);
  const menuId = await seedDinerMenu(page, baseURL!);
  const context = await browser.newContext({
    baseURL: baseURL!,
    javaScriptEnabled: false,
    viewport: PHONE,
    locale: 'fr-FR',
  });
  try {
    const d = await context.newPage();
    await d.goto(`/menu/${menuId}`);
    await d.getByText('Filtrer les allergènes').click();
    await d.getByLabel('Lait', { exact: true }).check();
    await d.getByRole('button', { name: 'Filtrer' }).click();
    await expect(dish(d, 'Quiche aux poireaux')).toContainText('Contient\u00a0: Lait');
    const items = await page.request.get(`/api/menus/${menuId}/sections`);
    const quicheItem = ((await items.json()) as { sections: { items: { id: string; name: string }[] }[] }).sections[0]!
      .items[0]!;
    const marked = await page.request.put(`/api/items/${quicheItem.id}/sold-out`, {
      headers: { Origin: baseURL! },
      data: { soldOut: true },
    });
    expect(marked.status()).toBe(200);
    await d.reload();
    await expect(dish(d, 'Quiche aux poireaux')).toContainText('Épuisé');
    await expect(d).toHaveURL(/sans=lait/);
  } finally {
    await context.close();
  }
});

test('the owner translates a dish in the recipe editor and in the menu editor; diners read it in their language', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  const menuId = await seedDinerMenu(page, baseURL!);

  await page.goto('/recipes');
  const card = page.getByTestId('recipe-card').filter({ hasText: 'Salade du jardin' });
  await card.getByRole('button', { name: 'Modifier' }).click();
  await expect(page.getByRole('heading', { name: 'Modifier la recette' })).toBeVisible();
  await page.getByText('Traductions pour le menu public (optionnel)').click();
  await page.getByLabel('Nom (espagnol)').fill('Ensalada del huerto');
  await page.getByLabel('Description (espagnol)').fill('Tomates de temporada');
  await screenshot(page, 'recipe-translations-360');
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await expectToast(page, 'Recette mise à jour avec succès');

  await page.goto(`/menus/${menuId}`);
  const quiche = page.getByTestId('menu-item').filter({ hasText: 'Quiche aux poireaux' });
  await quiche.getByRole('button', { name: 'Modifier' }).click();
  await page.getByText('Traductions pour le menu public').click();
  await page.getByLabel('Nom (espagnol)').fill('Quiche de puerros');
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expectToast(page, 'Élément mis à jour');

  await page.goto(`/menu/${menuId}?lang=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 3, name: 'Ensalada del huerto' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Quiche de puerros' })).toBeVisible();
  await expect(dish(page, 'Quiche de puerros')).toContainText('Alérgenos:');
  await screenshot(page, 'diner-menu-es-360');
});
