import { mkdirSync, writeFileSync } from 'node:fs';
import type { Cookie, Page } from '@playwright/test';
import { ciiXml } from '../src/server/test/invoices.ts';
import { audit, unringed } from './axe.ts';
import { decidedConsentState, E2E_BASE_URL, expectFitsScreen, signUp, uniqueEmail } from './fixtures.ts';
import { seed, type Seeded } from './public-pages.ts';
import { expect, test } from './test.ts';

/**
 * RGAA 4.1 on the restaurateurs' signed-in space (docs/accessibility/rgaa-audit.md « Signed-in
 * sample », docs/decisions/0047-rgaa-signed-in-space.md): one owner signed up and seeded through
 * the API, then every signed-in route of src/web/router.tsx (the admin page aside:
 * e2e/accessibility.spec.ts) at 320 and 1 280 px in fr-FR, with JavaScript, plus the dialogs and
 * menus a restaurateur opens. On each: axe with every rule and best practice fatal, nothing
 * scrolling sideways, a visible focus ring on every control. `RGAA_ARIA=1` also writes each
 * page's accessibility tree (`ariaSnapshot`) to test-results/aria/, read for the audit as the
 * stand-in for a screen reader.
 */

interface Ids extends Seeded {
  recipeId: string;
  invoiceId: string;
}

const WEEK = '2026-09-07';

/** [address, name] of every signed-in page, its parameters filled with the seeded ids. */
const pages = (s: Ids) =>
  [
    ['/dashboard', 'dashboard'],
    ['/recipes', 'recipes'],
    ['/recipes/couts', 'costs'],
    [`/recipes/${s.recipeId}/etiquette`, 'recipe-label'],
    [`/recipes/${s.recipeId}/fiche`, 'recipe-sheet'],
    ['/produits', 'products'],
    ['/produits/prix', 'ingredient-prices'],
    ['/achats', 'purchases'],
    [`/achats/${s.invoiceId}`, 'invoice'],
    ['/prix', 'prices'],
    ['/ventes', 'sales'],
    ['/menus', 'menus'],
    ['/menu-editor', 'menu-editor-new'],
    [`/menus/${s.menuId}`, 'menu-editor'],
    [`/menus/${s.menuId}/etiquettes`, 'menu-labels'],
    [`/menus/${s.menuId}/allergenes`, 'allergen-sheet'],
    [`/menus/${s.menuId}/carte`, 'menu-card'],
    ['/qr-codes', 'qr-codes'],
    [`/qr-codes/${s.qrId}/carte`, 'qr-card'],
    [`/plans-de-menus?date=${WEEK}`, 'meal-plans'],
    [`/plans-de-menus/${s.establishmentId}/temoins?date=${WEEK}`, 'temoins'],
    [`/plans-de-menus/${s.establishmentId}/affiche?date=${WEEK}`, 'week-poster'],
    [`/plans-de-menus/${s.establishmentId}/affiche-egalim?annee=2026`, 'egalim-poster'],
    [`/plans-de-menus/${s.establishmentId}/production?date=${WEEK}`, 'production'],
    [`/plans-de-menus/${s.establishmentId}/commandes?date=${WEEK}`, 'orders'],
    ['/etablissements', 'establishments'],
    ['/equipe', 'team'],
    ['/historique', 'history'],
    ['/account', 'account'],
    ['/subscription', 'subscription'],
    ['/integrations', 'integrations'],
    ['/plan-du-site', 'site-map'],
    ['/demo/portal', 'demo-portal'],
    ['/payment-success', 'payment-success'],
  ] as const;

/** The accessibility tree of the page, kept for the audit's reading when RGAA_ARIA is set. */
async function keepTree(page: Page, name: string) {
  if (!process.env.RGAA_ARIA) return;
  mkdirSync('test-results/aria', { recursive: true });
  writeFileSync(`test-results/aria/${name}.yml`, await page.locator('body').ariaSnapshot());
}

/**
 * One page as the audit sees it: no sideways scrolling, axe strict, then a ring on every control
 * (last: focusing a control outside an open menu closes it).
 */
async function check(page: Page, name: string, width: number) {
  await expectFitsScreen(page, `${name} @ ${width} px`, { soft: true });
  await keepTree(page, `${name}-${width}`);
  await audit(page, `rgaa-in-${name}`, {
    strict: true,
    screenshot: Boolean(process.env.RGAA_ARIA),
    // The editor's preview is the diner's page in a frame, audited as such by e2e/rgaa.spec.ts:
    // its banner, main and footer are its own document's, not a second set of this page's.
    ...(name === 'menu-editor' ? { exclude: 'iframe[data-testid="menu-preview"]' } : {}),
  });
  expect.soft(await unringed(page), `${name} @ ${width} px: controls without a visible focus`).toEqual([]);
}

/** The owner and its data, made by the first test (one sign-up for the file). */
let seeded: Promise<{ ids: Ids; cookies: Cookie[] }> | undefined;

for (const width of [1280, 320] as const)
  test(`signed-in pages at ${width} px, fr-FR: axe finds nothing, nothing scrolls sideways, every control shows its focus`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000); // 33 pages and 6 opened states: about 40 s on an idle machine
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: 800 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      reducedMotion: 'reduce',
      storageState: decidedConsentState(baseURL!),
    });
    const page = await context.newPage();
    seeded ??= (async () => {
      await signUp(page, uniqueEmail('rgaa-in'));
      const s = await seed(page, baseURL!);
      const recipes = (await (await page.request.get('/api/recipes')).json()) as { recipes: { id: string }[] };
      const invoice = await page.request.post('/api/purchases/invoices', {
        headers: { Origin: E2E_BASE_URL, 'Content-Type': 'application/xml' },
        data: ciiXml({
          number: 'F-2026-0042',
          lines: [{ articleId: 'POI-01', description: 'Poireaux', quantity: 5, unitCode: 'KGM', unitPrice: 2.4 }],
        }),
      });
      expect(invoice.status()).toBe(201);
      const { invoice: stored } = (await invoice.json()) as { invoice: { id: string } };
      return {
        ids: { ...s, recipeId: recipes.recipes[0]!.id, invoiceId: stored.id },
        cookies: await context.cookies(),
      };
    })();
    const { ids, cookies } = await seeded;
    await context.addCookies(cookies);
    try {
      for (const [path, name] of pages(ids)) {
        await page.goto(path);
        await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
        await expect(page.locator('h1').first(), path).toBeVisible();
        await check(page, name, width);
      }
      // What a restaurateur opens: the recipe form, a confirm dialog, the header's menus.
      await page.goto('/recipes');
      await page.getByRole('button', { name: 'Nouvelle recette' }).click();
      await expect(page.getByRole('form', { name: 'Nouvelle recette' })).toBeVisible();
      await check(page, 'recipe-form', width);
      // Keyboard only (RGAA 11.10, 7.5): the form sent empty by Enter keeps the focus on the field
      // at fault, marked invalid and described by its error, said at once (role="alert"); the
      // toasts are said by sonner's polite live region.
      const recipeName = page.getByLabel('Nom de la recette');
      await recipeName.focus();
      await page.keyboard.press('Enter');
      await expect(recipeName).toHaveAttribute('aria-invalid', 'true');
      await expect(recipeName).toBeFocused();
      const described = await recipeName.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${described}"][role="alert"]`)).not.toBeEmpty();
      await expect(page.locator('section[aria-live="polite"]')).toHaveCount(1);
      await page.goto('/recipes');
      await page
        .getByRole('button', { name: /^Supprimer/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await check(page, 'confirm-dialog', width);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();
      if (width < 1024) {
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'NutriCarte' })).toBeVisible();
        await check(page, 'app-menu', width);
      } else {
        await page.getByTestId('account-menu-button').click();
        await expect(page.getByRole('menu')).toBeVisible();
        await check(page, 'account-menu', width);
        await page.keyboard.press('Escape');
        await page.getByTestId('organisation-switcher').click();
        await expect(page.getByRole('menu')).toBeVisible();
        await check(page, 'organisation-menu', width);
      }
    } finally {
      await context.close();
    }
  });
