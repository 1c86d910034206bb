import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
  appRendered,
  dismissToasts,
  expectFitsScreen,
  LAPTOP,
  openAppMenu,
  PHONE,
  PHONE_ADMIN_EMAIL,
  screenshot,
  seedMenu,
  signUp,
  uniqueEmail,
} from './fixtures.ts';

/**
 * Issue 15 « The app on a phone »: every page at 360 px, nothing wider than the screen, every
 * header link reachable through « Menu »; toasts never over the header's buttons.
 */
const APP_LINKS = [
  ['Tableau de bord', '/dashboard'],
  ['Mes Recettes', '/recipes'],
  ['Mes Menus', '/menus'],
  ['Codes QR', '/qr-codes'],
  ['Plans de menus', '/plans-de-menus'],
  ['Abonnement', '/subscription'],
  ['Mon compte', '/account'],
] as const;

/** The organisation's pages, under « Organisation » in « Menu » (issue 16). */
const ORGANISATION_LINKS = [
  ['Équipe', '/equipe'],
  ['Établissements', '/etablissements'],
  ['Historique', '/historique'],
  ['Intégrations', '/integrations'],
] as const;

/** No toast in the way, nothing wider than the screen, and a screenshot to look at. */
async function look(page: Page, name: string) {
  await dismissToasts(page);
  await expectFitsScreen(page, name);
  await screenshot(page, `phone-${name}-360`);
}

async function expectOnScreen(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  // A stand-in replaced by the real control (the app's first render, a lazy menu) has no box
  // for that instant: measured again until the one that stays is there.
  let box = await locator.boundingBox();
  for (let i = 0; !box && i < 50; i++) {
    await locator.page().waitForTimeout(100);
    box = await locator.boundingBox();
  }
  if (!box) throw new Error(`${what}: no box`);
  expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE.width);
}

const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('every public page fits the screen, with its navigation on screen', async ({ page }) => {
    const pages = [
      ['/', 'landing'],
      ['/auth', 'auth'],
      ['/restaurants', 'restaurants'],
      ['/restauration-collective', 'collective'],
      ['/mentions-legales', 'legal-notice'],
      ['/confidentialite', 'privacy'],
      ['/conditions-generales', 'terms'],
      ['/reset-password?token=jeton-de-test', 'reset-password'],
      ['/payment-success', 'payment-success-no-session'],
      ['/payment-cancel', 'payment-cancel'],
      ['/nimporte-quoi', 'not-found'],
    ] as const;
    for (const [path, name] of pages) {
      await page.goto(path);
      await expect(page.locator('h1').first(), path).toBeVisible();
      await look(page, name);
    }
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigation mobile' });
    for (const link of ['Fonctionnalités', 'Restaurants', 'Restauration collective', 'Tarifs'])
      await expectOnScreen(nav.getByRole('link', { name: link, exact: true }), link);
    for (const link of ['Se connecter', 'S’inscrire'])
      await expectOnScreen(page.getByRole('banner').getByRole('link', { name: link, exact: true }), link);
  });

  // Two tests, not one long walk: each fits its budget on a busy 2-core machine.
  test('« Menu » reaches every header link: an accessible disclosure that keeps the focus', async ({ page }) => {
    const email = await signUp(page);

    // --- « Menu »: an accessible disclosure of every link, the e-mail and « Se déconnecter ».
    const trigger = page.getByRole('button', { name: 'Menu', exact: true });
    // While the menu is open, the page behind it (the button too) is hidden from assistive technology.
    const triggerElement = page.getByTestId('app-menu-button');
    await expectOnScreen(trigger, '« Menu »');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    let menu = await openAppMenu(page);
    await expect(triggerElement).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger).toBeHidden();
    for (const [label] of [...APP_LINKS, ...ORGANISATION_LINKS])
      await expectOnScreen(menu.getByRole('link', { name: label, exact: true }), label);
    await expectOnScreen(menu.getByTestId('organisation-active'), 'the organisation and its role');
    await expect(menu.getByTestId('organisation-active')).toContainText('Le Bistrot du Port');
    await expect(menu.getByTestId('organisation-active')).toContainText('Propriétaire');
    await expectOnScreen(menu.getByRole('link', { name: email }), 'the e-mail');
    await expectOnScreen(menu.getByRole('button', { name: 'Se déconnecter' }), '« Se déconnecter »');
    await screenshot(page, 'phone-app-menu-360', { fullPage: false });
    // The focus stays in the open menu, Escape closes it and gives the focus back to « Menu ».
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    // Each link navigates and closes the menu.
    for (const [label, path] of [...APP_LINKS, ...ORGANISATION_LINKS].reverse()) {
      menu = await openAppMenu(page);
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(menu).toBeHidden();
    }
  });

  test('« Menu » tapped while the next page is still loading stays open when that page appears', async ({ page }) => {
    // The subscription page's code is held back until released: the dashboard stays on screen meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/subscription-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signUp(page);
    // Behind the open menu the page is hidden from the accessibility tree: find its title by tag.
    const title = page.locator('h1', { hasText: 'Mon Abonnement' });
    const menu = await openAppMenu(page);
    await menu.getByRole('link', { name: 'Abonnement', exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(menu).toBeHidden();
    await expect(title).toHaveCount(0);
    const reopened = await openAppMenu(page);
    release();
    await expect(title).toBeAttached();
    await expect(reopened).toBeVisible();
    await expect(reopened.getByRole('link', { name: 'Codes QR', exact: true })).toBeVisible();
  });

  test('every signed-in page fits the screen, and the establishment reaches the diner and the paper', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000); // the longest walk of the suite: 16 pages, a dialog, a form (playwright.config.ts: budgets)
    await signUp(page, PHONE_ADMIN_EMAIL, 'Le Bistrot du Port');
    const menuId = await seedMenu(page, baseURL!);
    const post = async (path: string, data: unknown) =>
      (await page.request.post(path, { headers: { Origin: baseURL! }, data })).json();
    const qr = await post('/api/qr-codes', { name: 'Table 1', menuId });
    const [recipe] = (await (await page.request.get('/api/recipes')).json()).recipes;
    const checkout = await post('/api/billing/checkout', { tier: 'premium', billingType: 'monthly' });
    const trigger = page.getByRole('button', { name: 'Menu', exact: true });

    // --- « Établissements » (issue 16; « Mon compte » had it in issue 15): the first one, at 360 px.
    await page.goto('/etablissements');
    await page.getByTestId('establishment-card').getByRole('button', { name: 'Modifier' }).click();
    const card = page.getByRole('form', { name: 'Modifier l’établissement' });
    await card.getByLabel('Adresse (optionnel)').fill('12 rue des Halles');
    await card.getByLabel('Code postal').fill('75 001');
    await card.getByLabel('Ville').fill('Paris');
    await card.getByLabel('Téléphone (optionnel)').fill('+33 1 23 45 67 89');
    await card.getByRole('button', { name: 'Mettre à jour' }).click();
    await expect(page.getByText('Établissement enregistré')).toBeVisible();
    await expect(page.getByTestId('establishment-card')).toContainText('12 rue des Halles, 75001 Paris');
    await expect(page.getByTestId('establishment-card')).toContainText('01 23 45 67 89');

    // --- Every page of the signed-in layout.
    const appPages = [
      ['/dashboard', /Bonjour/, 'dashboard'],
      ['/recipes', 'Mes Recettes', 'recipes'],
      ['/menus', 'Mes Menus', 'menus'],
      [`/menus/${menuId}`, /Éditer/, 'menu-editor'],
      ['/qr-codes', 'Codes QR', 'qr-codes'],
      ['/plans-de-menus', 'Plans de menus', 'meal-plans'],
      ['/subscription', 'Mon Abonnement', 'subscription'],
      ['/account', 'Mon compte', 'account'],
      ['/equipe', 'Équipe', 'team'],
      ['/etablissements', 'Établissements', 'establishments'],
      ['/historique', 'Historique', 'history'],
      ['/integrations', 'Intégrations', 'integrations'],
      ['/admin', 'Administration', 'admin'],
    ] as const;
    for (const [path, heading, name] of appPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await appRendered(page);
      await expectOnScreen(trigger, `« Menu » on ${path}`);
      await look(page, name);
    }

    // The menu editor's recipe picker: a dialog that fits the screen.
    await page.goto(`/menus/${menuId}`);
    await page.getByRole('button', { name: 'Ajouter recette' }).click();
    const picker = page.getByRole('dialog');
    await expect(picker.getByRole('list', { name: 'Recettes' })).toBeVisible();
    const pickerBox = (await picker.boundingBox())!;
    expect(pickerBox.x).toBeGreaterThanOrEqual(0);
    expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-recipe-picker-360', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();

    // The recipe form open, an ingredient added, its nutrition declaration unfolded.
    await page.goto('/recipes');
    await page.getByRole('button', { name: 'Nouvelle recette' }).click();
    await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill('beurre doux');
    await page.getByRole('option', { name: /^Beurre à 80% MG minimum, doux \d/ }).click();
    await page.getByText('Déclaration nutritionnelle et Nutri-Score').click();
    const declaration = page.getByTestId('nutrition-declaration');
    await expect(declaration).toBeVisible();
    // « 3 021 kJ » and the like: a value and its unit are on one line, in every cell.
    for (const cell of await declaration.locator('td').all()) {
      const text = (await cell.innerText()).trim();
      const lines = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
      });
      if (text) expect(lines, `« ${text} » on ${lines} lines`).toBe(1);
    }
    await look(page, 'recipe-form');

    // --- Pages without the layout: printed documents and the demo payment pages.
    const documents = [
      [`/recipes/${recipe.id}/fiche`, 'print-recipe', 'sheet-establishment'],
      [`/menus/${menuId}/allergenes`, 'print-allergens', 'sheet-establishment'],
      [`/qr-codes/${qr.id}/carte`, 'print-table-card', 'card-establishment'],
    ] as const;
    for (const [path, name, establishment] of documents) {
      await page.goto(path);
      await expect(page.getByTestId(establishment)).toContainText('12 rue des Halles, 75001 Paris');
      await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
      await look(page, name);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Le Bistrot du Port' })).toBeVisible();
    await page.goto(checkout.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnement NutriCarte Premium' })).toBeVisible();
    await look(page, 'demo-checkout');
    await page.goto('/demo/portal');
    await expect(page.locator('h1').first()).toBeVisible();
    await look(page, 'demo-portal');

    // --- Server-rendered pages for diners: the public menu (with the establishment) and a QR error.
    await page.goto(`/menu/${menuId}`);
    await expect(page.locator('.resto')).toHaveText('Le Bistrot du Port');
    await expect(page.locator('.addr')).toHaveText('12 rue des Halles, 75001 Paris · 01 23 45 67 89');
    await expect(page.getByRole('link', { name: '01 23 45 67 89' })).toHaveAttribute('href', 'tel:0123456789');
    await look(page, 'public-menu');
    await page.goto('/qr/00000000-0000-4000-8000-000000000000');
    await expect(page.locator('h1')).toBeVisible();
    await look(page, 'qr-error');
  });
});

// With the motion every visitor gets by default (playwright.config.ts asks for reduced motion
// elsewhere): the toasts slide in, and are measured once they stand still.
test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  for (const viewport of [PHONE, LAPTOP]) {
    test(`toasts never cover the header's buttons; one « Ingrédient ajouté » for several lines; a fixed form's error toast leaves (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signUp(page, uniqueEmail('toasts'));
      await page.goto('/recipes');
      await page.getByRole('button', { name: 'Nouvelle recette' }).click();
      await page.getByLabel('Nom de la recette').fill('Purée');

      // No ingredient: the error toast, by the form.
      await page.getByRole('button', { name: 'Créer', exact: true }).click();
      const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
      const missing = toasts.filter({ hasText: 'Veuillez ajouter au moins un ingrédient' });
      await expect(missing).toBeVisible();
      // It slides in (sonner's 0.4 s), as for every visitor who has not asked for less motion.
      expect(await missing.evaluate((toast) => getComputedStyle(toast).transitionDuration)).toMatch(/^0\.4s/);
      // And the app's own scrolls glide (src/web/styles.css; e2e/recipes.spec.ts checks the jump).
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
      // Under the mouse a toast never times out (4 s otherwise): measured, however slow the machine.
      await missing.hover();

      // The header scrolls with the page: compare where both are with the page at its top.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const header = page.getByRole('banner');
      const controls =
        viewport === PHONE
          ? [
              header.getByRole('link', { name: 'NutriCarte' }),
              header.getByRole('button', { name: 'Menu', exact: true }),
            ]
          : [header.getByRole('link'), header.getByRole('button')];
      const headerBoxes = [];
      for (const group of controls)
        for (const control of await group.all())
          if (await control.isVisible()) headerBoxes.push((await control.boundingBox())!);
      expect(headerBoxes.length).toBeGreaterThanOrEqual(viewport === PHONE ? 2 : 8);
      const toastBox = (await missing.boundingBox())!;
      for (const box of headerBoxes)
        expect(intersects(toastBox, box), `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false);
      await screenshot(page, `toast-position-${viewport.width}`, { fullPage: false });

      // Adding the ingredient fixes the form: its error toast leaves at once.
      const search = page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' });
      for (const [typed, option] of [
        ['beurre doux', /^Beurre à 80% MG minimum, doux/],
        ['lait demi ecreme', /^Lait demi-écrémé, UHT/],
        ['farine ble', /^Farine de blé tendre/],
      ] as const) {
        await search.fill(typed);
        await page.getByRole('option', { name: option }).first().click();
        await expect(missing).toHaveCount(0);
      }
      await expect(page.getByRole('list', { name: 'Ingrédients de la recette' }).getByRole('listitem')).toHaveCount(3);
      // Three lines added, one toast.
      await expect(toasts.filter({ hasText: 'Ingrédient ajouté avec succès' })).toHaveCount(1);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const added = toasts.filter({ hasText: 'Ingrédient ajouté avec succès' });
      await added.hover();
      const addedBox = (await added.boundingBox())!;
      for (const box of headerBoxes) expect(intersects(addedBox, box)).toBe(false);
    });
  }
});
