import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { calmScreenshot, headerControl, LAPTOP, PHONE, reloadPastLeaveQuestion, signUp } from './fixtures.ts';

/**
 * Drafts of the product and formule forms (src/web/lib/saved-drafts.ts,
 * docs/decisions/0036-the-owners-day.md): what is typed survives a reload or a link followed,
 * is offered back on the list (« Reprendre le brouillon du … »), and « Annuler » then
 * « Abandonner » sets it aside for good; on the way, the product's origin field is empty with a hint. The recipe's and the establishment's drafts are walked
 * in e2e/owners-screens.spec.ts. On a phone in a French browser, and on a laptop in an English one
 * (« 12,40 » typed as a French owner would).
 */
const VARIANTS = [
  { width: PHONE.width, use: { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'fr-FR' } },
  { width: LAPTOP.width, use: { viewport: LAPTOP, locale: 'en-US' } },
];

const RESUME = /^Reprendre le brouillon du \d+(?:er)? \S+ à \d\d:\d\d$/;

/** The notice's « Reprendre le brouillon du … » shows its whole label, wrapped on a phone. */
async function expectWholeLabel(notice: Locator) {
  const button = notice.getByRole('button', { name: RESUME });
  expect(
    await button.evaluate((b) => b.scrollWidth - b.clientWidth),
    'label wider than its button',
  ).toBeLessThanOrEqual(0);
  await expect(button).toBeInViewport({ ratio: 1 });
}

/** « Annuler » on a form with changes asks; « Abandonner » drops the changes and the draft. */
async function abandon(page: Page) {
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Abandonner les modifications ?' })
    .getByRole('button', { name: 'Abandonner' })
    .click();
}

for (const { width, use } of VARIANTS) {
  test.describe(`${width} px, ${use.locale}`, () => {
    test.use(use);
    test(`a product and a formule typed, left, found again as drafts, then abandoned`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      await signUp(page);
      const post = async (path: string, data: unknown) => {
        const response = await page.request.post(path, { headers: { Origin: baseURL! }, data });
        expect(response.status(), path).toBe(201);
        return (await response.json()) as { id: string };
      };
      const menu = await post('/api/menus', { name: 'Carte du midi' });
      const mains = await post(`/api/menus/${menu.id}/sections`, { name: 'Plat' });
      await post(`/api/sections/${mains.id}/items`, { name: 'Blanquette', price: 16.5, allergensDeclared: true });
      await post(`/api/menus/${menu.id}/formules`, { name: 'Formule déjeuner', price: 18.5, choices: [[mains.id]] });

      // A new product, half typed; the tab reloaded (the browser asks first): nothing is lost.
      await page.goto('/produits');
      await page.getByRole('button', { name: 'Nouveau produit' }).click();
      const product = page.getByRole('form', { name: 'Nouveau produit' });
      // Its origin starts empty, with a hint, not a placeholder « France » that looked filled.
      const origin = product.getByLabel('Origine (pays, optionnel)');
      await expect(origin).toHaveValue('');
      await expect(origin).not.toHaveAttribute('placeholder');
      await expect(origin).toHaveAccessibleDescription(/par exemple France/);
      await product.getByLabel('Nom du produit').fill('Terrine de campagne');
      await product.getByLabel('Fournisseur (optionnel)').fill('Charcuterie Dupuis');
      await product.getByLabel('Prix (€ HT)').fill('12,40');
      await reloadPastLeaveQuestion(page);
      const productNotice = page.getByTestId('draft-notice');
      await expect(productNotice).toHaveCount(1);
      await expect(productNotice).toContainText('Produit commencé et pas encore enregistré : « Terrine de campagne ».');
      await expectWholeLabel(productNotice);
      await calmScreenshot(page, `drafts-product-notice-${width}`);
      await productNotice.getByRole('button', { name: RESUME }).click();
      await expect(product.getByLabel('Nom du produit')).toHaveValue('Terrine de campagne');
      await expect(product.getByLabel('Fournisseur (optionnel)')).toHaveValue('Charcuterie Dupuis');
      await expect(product.getByLabel('Prix (€ HT)')).toHaveValue('12,40');
      await abandon(page);
      await expect(product).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Mes produits' })).toBeVisible();
      await expect(page.getByTestId('draft-notice')).toHaveCount(0);
      expect(await (await page.request.get('/api/products')).json()).toMatchObject({ products: [] });

      // A formule changed, then a link of the app followed (asked first): the change waits on the menu.
      await page.goto(`/menus/${menu.id}`);
      const formules = page.getByRole('region', { name: 'Formules' });
      await formules.getByTestId('formule-row').getByRole('button', { name: 'Modifier' }).click();
      const formule = formules.getByRole('form', { name: 'Modifier Formule déjeuner' });
      await formule.getByLabel('Nom', { exact: true }).fill('Formule du marché');
      await formule.getByLabel('Prix (€)').fill('21');
      await (await headerControl(page, 'link', 'Mes Menus')).click();
      await page
        .getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' })
        .getByRole('button', { name: 'Quitter la page' })
        .click();
      await expect(page).toHaveURL(/\/menus$/);
      await page.goto(`/menus/${menu.id}`);
      const formuleNotice = formules.getByTestId('draft-notice');
      await expect(formuleNotice).toContainText('Modifications non enregistrées de « Formule du marché ».');
      await formuleNotice.scrollIntoViewIfNeeded();
      await expectWholeLabel(formuleNotice);
      await calmScreenshot(page, `drafts-formule-notice-${width}`);
      await formuleNotice.getByRole('button', { name: RESUME }).click();
      await expect(formule.getByLabel('Nom', { exact: true })).toHaveValue('Formule du marché');
      await expect(formule.getByLabel('Prix (€)')).toHaveValue('21,00');
      await abandon(page);
      await expect(formules.getByTestId('formule-row')).toContainText(/Formule déjeuner · 18,50\s€/);
      await page.reload();
      await expect(formules.getByTestId('formule-row')).toBeVisible();
      await expect(formules.getByTestId('draft-notice')).toHaveCount(0);
    });
  });
}
