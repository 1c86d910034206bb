import { expect, test, type Page } from '@playwright/test';
import { calmScreenshot, expectFitsScreen, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * Formules (src/shared/api/formules.ts): the owner writes « Formule déjeuner 18,50 € :
 * Entrée + Plat ou Plat + Dessert » in the menu editor, its price typed in French in an English
 * browser too; a diner's phone shows it first, without JavaScript; the printed carte has it.
 */
async function seedCarte(page: Page, origin: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const menu = await post('/api/menus', { name: 'Carte du midi' });
  for (const [section, dish, price] of [
    ['Entrée', 'Velouté de potimarron', 7],
    ['Plat', 'Blanquette de veau', 16.5],
    ['Dessert', 'Tarte aux pommes', 6.5],
  ] as const) {
    const s = await post(`/api/menus/${menu.id}/sections`, { name: section });
    await post(`/api/sections/${s.id}/items`, { name: dish, price, allergens: ['Lait'], allergensDeclared: true });
  }
  return menu.id;
}

for (const { viewport, locale } of [
  { viewport: LAPTOP, locale: 'en-US' },
  { viewport: PHONE, locale: 'fr-FR' },
] as const) {
  test.describe(`formules at ${viewport.width} px, browser ${locale}`, () => {
    test.use({ viewport, locale, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

    test('a formule with two alternatives, refused then saved, shown first to diners', async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      await signUp(page);
      const menuId = await seedCarte(page, baseURL!);
      await page.goto(`/menus/${menuId}`);
      const card = page.getByRole('region', { name: 'Formules' });
      await card.getByRole('button', { name: 'Nouvelle formule' }).click();
      const form = card.getByRole('form', { name: 'Nouvelle formule' });

      // Nothing ticked and no price: each problem next to its field, nothing sent.
      await form.getByLabel('Nom', { exact: true }).fill('Formule déjeuner');
      await form.getByRole('button', { name: 'Ajouter la formule' }).click();
      await expect(form.getByRole('alert').first()).toBeVisible();
      await expect(form).toContainText('Une combinaison compte au moins une section');

      await form.getByLabel('Prix (€)').fill('18,5');
      const first = form.getByRole('group', { name: 'Combinaison' });
      await first.getByLabel('Entrée').check();
      await first.getByLabel('Plat').check();
      await form.getByRole('button', { name: 'Ajouter une combinaison' }).click();
      const second = form.getByRole('group', { name: 'ou combinaison 2' });
      await second.getByLabel('Dessert').check();
      await second.getByLabel('Plat').check();
      await calmScreenshot(page, `formules-form-${viewport.width}`);
      await form.getByRole('button', { name: 'Ajouter la formule' }).click();
      await expectToast(page, 'Formule ajoutée');
      const row = card.getByTestId('formule-row');
      await expect(row).toContainText(/Formule déjeuner · 18,50\s€/);
      // Kept in the menu's section order, whatever order they were ticked in.
      await expect(row).toContainText('Entrée + Plat ou Plat + Dessert');
      await expectFitsScreen(page, 'menu editor with a formule');
      await calmScreenshot(page, `formules-editor-${viewport.width}`);

      // A diner's phone, without JavaScript: the formule before the sections, with the price mention.
      const diner = await page
        .context()
        .browser()!
        .newContext({ viewport: PHONE, locale: 'fr-FR', javaScriptEnabled: false });
      const menu = await diner.newPage();
      await menu.goto(`${baseURL}/menu/${menuId}`);
      const formules = menu.getByRole('region', { name: 'Formules' });
      await expect(formules.locator('li.item')).toHaveText(
        /^Formule déjeunerPrix\s:\s18,50\s€Entrée \+ Plat ou Plat \+ Dessert$/,
      );
      const headings = await menu.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.slice(0, 2)).toEqual(['Formules', 'Entrée']);
      await expect(menu.locator('.pm').first()).toHaveText('Prix nets, service compris');
      await screenshot(menu, `formules-public-360-from-${viewport.width}`);
      await menu.goto(`${baseURL}/menu/${menuId}?lang=en`);
      await expect(menu.getByRole('heading', { level: 2, name: 'Set menus' })).toBeVisible();
      await diner.close();

      // The printed A4 carte: the formule first, prices, allergens, the QR code of the phone page.
      await page.goto(`/menus/${menuId}`);
      await page.getByRole('link', { name: 'Carte à imprimer' }).click();
      await expect(page).toHaveURL(new RegExp(`/menus/${menuId}/carte$`));
      const sheet = page.getByRole('article', { name: 'Carte Carte du midi' });
      await expect(sheet.getByTestId('carte-formule')).toHaveText(
        /^Formule déjeuner18,50\s€Entrée \+ Plat ou Plat \+ Dessert$/,
      );
      await expect(sheet.getByTestId('carte-dish')).toHaveCount(3);
      await expect(sheet.getByTestId('carte-dish').filter({ hasText: 'Blanquette de veau' })).toContainText(
        /16,50\s€Allergènes\s: Lait$/,
      );
      await expect(sheet.getByRole('img', { name: 'Code QR du menu Carte du midi' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectFitsScreen(page, 'printed carte');
      await screenshot(page, `carte-${viewport.width}`);
      if (viewport === LAPTOP) {
        await page.emulateMedia({ media: 'print' });
        await screenshot(page, 'carte-print');
        await page.emulateMedia({ media: 'screen' });
      }
    });
  });
}
