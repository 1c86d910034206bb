import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { dismissToasts, expectNoHorizontalScroll, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/** « Entrées » (Salade, Soupe), « Plats » (Gratin), « Desserts » (empty), items without recipes, through the API. */
async function seedMenu(page: Page, origin: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const menu = await post('/api/menus', { name: 'Carte du marché' });
  const content: [string, string[]][] = [
    ['Entrées', ['Salade', 'Soupe']],
    ['Plats', ['Gratin']],
    ['Desserts', []],
  ];
  for (const [name, items] of content) {
    const section = await post(`/api/menus/${menu.id}/sections`, { name });
    for (const item of items) await post(`/api/sections/${section.id}/items`, { name: item, price: 9.5 });
  }
  return menu.id;
}

const sectionNames = (page: Page) => page.getByTestId('menu-section').locator('h2');
const section = (page: Page, name: string) =>
  page.getByTestId('menu-section').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const itemNames = (page: Page, name: string) => section(page, name).getByTestId('menu-item').locator('h3');
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Picks a row up from the keyboard and waits until the arrows move it. dnd-kit's KeyboardSensor
 * announces the pick-up at once but listens to the arrows only from its next task
 * (`setTimeout(() => this.listeners.add('keydown', …))` in @dnd-kit/core): an arrow pressed
 * before that task, as a loaded machine lets Playwright do, is lost (a red CI run of
 * 2026-11-24). A task queued after the announcement runs after dnd-kit's, so the wait is exact.
 */
async function pickUp(page: Page, key: 'Space' | 'Enter', announcement: string) {
  await page.keyboard.press(key);
  await expect(liveRegion(page)).toHaveText(announcement);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** A mouse drag by the handle: a few pixels to start (the sensor's threshold), then to the target's top edge. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  // dnd-kit loads once the editor has painted: the handle is disabled until then.
  await expect(handle).toBeEnabled();
  // The handle near the top of the screen: on a phone the target below is then in view too.
  await handle.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 120));
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + 6, { steps: 12 });
  await expect(liveRegion(page)).toContainText('est au-dessus de');
  await page.mouse.up();
}

/** The order the server keeps, read after a reload. */
async function expectSaved(page: Page, sections: string[], items: Record<string, string[]>) {
  await page.reload();
  await expect(sectionNames(page)).toHaveText(sections);
  for (const [name, names] of Object.entries(items)) await expect(itemNames(page, name)).toHaveText(names);
}

for (const viewport of [LAPTOP, PHONE]) {
  test(`drag and drop with the mouse: sections, items across sections, into an empty section (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const menuId = await seedMenu(page, baseURL!);
    await page.goto(`/menus/${menuId}`);
    await expect(sectionNames(page)).toHaveText(['Entrées', 'Plats', 'Desserts']);

    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Déplacer la section Plats' }),
      section(page, 'Entrées'),
    );
    await expect(sectionNames(page)).toHaveText(['Plats', 'Entrées', 'Desserts']);
    // « Soupe » leaves « Entrées » for the place of « Gratin » in « Plats ».
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Déplacer l’élément Soupe' }),
      section(page, 'Plats').getByTestId('menu-item').first(),
    );
    await expect(itemNames(page, 'Plats')).toHaveText(['Soupe', 'Gratin']);
    await expect(itemNames(page, 'Entrées')).toHaveText(['Salade']);
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Déplacer l’élément Salade' }),
      section(page, 'Desserts').getByText('Aucun élément dans cette section.'),
    );
    await expect(itemNames(page, 'Desserts')).toHaveText(['Salade']);
    await expect(section(page, 'Entrées').getByText('Aucun élément dans cette section.')).toBeVisible();
    await screenshot(page, `menu-editor-dragged-${viewport.width}`);

    await expectSaved(page, ['Plats', 'Entrées', 'Desserts'], {
      Plats: ['Soupe', 'Gratin'],
      Entrées: [],
      Desserts: ['Salade'],
    });
  });

  test(`drag and drop with the keyboard, announced in French (${viewport.width} px)`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const menuId = await seedMenu(page, baseURL!);
    await page.goto(`/menus/${menuId}`);
    await expect(sectionNames(page)).toHaveText(['Entrées', 'Plats', 'Desserts']);

    const desserts = page.getByRole('button', { name: 'Déplacer la section Desserts' });
    await expect(desserts).toHaveAccessibleDescription(/Espace ou Entrée.*flèches haut et bas/);
    await desserts.focus();
    await pickUp(page, 'Space', 'Vous avez saisi la section Desserts.');
    await page.keyboard.press('ArrowUp');
    await expect(liveRegion(page)).toHaveText('La section Desserts est au-dessus de la section Plats.');
    await page.keyboard.press('ArrowUp');
    await expect(liveRegion(page)).toHaveText('La section Desserts est au-dessus de la section Entrées.');
    await page.keyboard.press('Space');
    await expect(liveRegion(page)).toHaveText('La section Desserts prend la place de la section Entrées.');
    await expect(sectionNames(page)).toHaveText(['Desserts', 'Entrées', 'Plats']);

    // Échap puts a grabbed row back.
    const gratin = page.getByRole('button', { name: 'Déplacer l’élément Gratin' });
    await gratin.focus();
    await pickUp(page, 'Space', 'Vous avez saisi l’élément Gratin.');
    await page.keyboard.press('ArrowUp');
    await expect(liveRegion(page)).toHaveText('L’élément Gratin est au-dessus de l’élément Soupe.');
    await page.keyboard.press('Escape');
    await expect(liveRegion(page)).toHaveText('Déplacement annulé. L’élément Gratin reprend sa place.');
    await expect(itemNames(page, 'Plats')).toHaveText(['Gratin']);

    // Across sections: « Gratin » goes up into « Entrées », in the place of « Soupe ».
    await gratin.focus();
    await pickUp(page, 'Enter', 'Vous avez saisi l’élément Gratin.');
    await page.keyboard.press('ArrowUp');
    await expect(liveRegion(page)).toHaveText('L’élément Gratin est au-dessus de l’élément Soupe.');
    await page.keyboard.press('Enter');
    await expect(itemNames(page, 'Entrées')).toHaveText(['Salade', 'Gratin', 'Soupe']);
    await expect(section(page, 'Plats').getByText('Aucun élément dans cette section.')).toBeVisible();
    await expectSaved(page, ['Desserts', 'Entrées', 'Plats'], { Entrées: ['Salade', 'Gratin', 'Soupe'], Plats: [] });
  });
}

test('a refused move puts the order back and says so in French (1280 px)', async ({ page, baseURL }) => {
  await page.setViewportSize(LAPTOP);
  await signUp(page);
  const menuId = await seedMenu(page, baseURL!);
  await page.goto(`/menus/${menuId}`);
  await expect(sectionNames(page)).toHaveText(['Entrées', 'Plats', 'Desserts']);
  // The refusal is made here, not by the server (a 4xx: nothing for the server log to report).
  await page.route('**/api/sections/*/move', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'conflict', message: 'Conflit' } }),
    }),
  );
  const plats = page.getByRole('button', { name: 'Déplacer la section Plats' });
  await expect(plats).toBeEnabled();
  await plats.focus();
  await pickUp(page, 'Space', 'Vous avez saisi la section Plats.');
  await page.keyboard.press('ArrowUp');
  await expect(liveRegion(page)).toHaveText('La section Plats est au-dessus de la section Entrées.');
  await page.keyboard.press('Space');
  await expectToast(page, 'Le nouvel ordre n’a pas pu être enregistré\u00a0: l’ordre précédent est rétabli.');
  await expect(sectionNames(page)).toHaveText(['Entrées', 'Plats', 'Desserts']);
});

test('the « Aperçu » shows the diner’s page and follows each saved change; a toggle on a phone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page);
  const menuId = await seedMenu(page, baseURL!);
  await page.goto(`/menus/${menuId}`);
  const preview = page.frameLocator('[data-testid="menu-preview"]');
  await expect(preview.locator('h2')).toHaveText(['Entrées', 'Plats']); // an empty section is not shown to diners;
  await page.getByRole('button', { name: 'Descendre la section Entrées' }).click();
  await expect(preview.locator('h2')).toHaveText(['Plats', 'Entrées']);
  // A dish without a recipe has only its price on the menu (no recipe's price to follow).
  await section(page, 'Plats').getByLabel('Prix (€)').fill('12,50');
  await section(page, 'Plats').getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Prix enregistré');
  await expect(preview.getByText('12,50')).toBeVisible();
  await dismissToasts(page);
  await screenshot(page, 'menu-editor-preview-1280', { fullPage: false });

  await page.setViewportSize(PHONE);
  const frame = page.getByTestId('menu-preview');
  await expect(frame).toBeHidden();
  await page.getByRole('button', { name: 'Aperçu du menu client' }).click();
  await expect(frame).toBeVisible();
  await expect(preview.locator('h2')).toHaveText(['Plats', 'Entrées']);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'menu-editor-preview-360', { fullPage: false });
  await page.getByRole('button', { name: 'Masquer l’aperçu' }).click();
  await expect(frame).toBeHidden();
});
