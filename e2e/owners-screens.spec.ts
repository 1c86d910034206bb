import { expect, test } from './test.ts';
import {
  calmScreenshot,
  expectNoHorizontalScroll,
  expectToast,
  headerControl,
  LAPTOP,
  makePremium,
  PASSWORD,
  PHONE,
  reloadPastLeaveQuestion,
  screenshot,
  signUp,
  uniqueEmail,
} from './fixtures.ts';
import { waitForLink } from './mailbox.ts';
import { apiOf, BACON, flat, line, seedDough } from './owners-kitchen.ts';

/**
 * The owner's screens (docs/decisions/0036-the-owners-day.md, docs/product/costs.md) at 1280 and
 * 360 px, in fr-FR and en-US browsers (numbers typed « 14,50 » and « 14.50 »): line prices and
 * units, a recipe's draft, the price list, the QR downloads; one price per dish, the « Service »
 * role, the establishment's notice. The walk from sign-up to the diner's phone:
 * e2e/owners-day.spec.ts. The data a screen is not about is seeded through the API.
 */

for (const [viewport, locale] of [
  [LAPTOP, 'fr-FR'],
  [PHONE, 'en-US'],
] as const) {
  const w = viewport.width;
  const tag = `${w}-${locale}`;
  /** « 14,50 » in a French browser, « 14.50 » in an English one: both mean 14.5 (docs/product/decisions.md 16). */
  const typed = (value: string) => (locale === 'fr-FR' ? value : value.replace(',', '.'));
  test.describe(`owner’s screens at ${w} px, browser ${locale}`, () => {
    test.use({ viewport, locale, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

    test('line prices and units, a draft kept through a link and resumed, the price list, the QR downloads', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await signUp(page);
      const api = apiOf(page.request, baseURL!);
      const dough = await seedDough(api);
      const quiche = await api('POST', '/api/recipes', {
        name: 'Quiche lorraine',
        servings: 6,
        ingredients: [
          { recipeId: dough.id, quantity: 1, unit: 'portion' },
          { code: '28501', quantity: 200, unit: 'g' },
        ],
        allergens: [],
      });
      expect(quiche.costPerServing).toBeNull();
      expect(quiche.costMissing).toEqual([BACON]);

      // The form: each line's price, a sub-recipe's « fournée » and weight, a unit refused as typed.
      await page.goto('/recipes');
      const card = page.getByTestId('recipe-card').filter({ hasText: 'Quiche lorraine' });
      await expect(card.getByTestId('cost-line')).toContainText(`prix manquant pour ${BACON}`);
      await card.getByRole('button', { name: 'Modifier' }).click();
      await expect(line(page, BACON).getByTestId('line-price')).toContainText('Prix manquant');
      await expect(line(page, 'Pâte brisée').getByTestId('sub-recipe-weight')).toHaveText(/^= 425\s?g$/);
      await page.getByLabel(`Quantité de ${BACON}`).fill('2 verres');
      await expect(line(page, BACON).getByRole('alert')).toContainText('Unité inconnue');
      await calmScreenshot(page, `owners-screens-recipe-form-${tag}`);
      await page.getByRole('button', { name: 'Mettre à jour' }).click();
      // The save is refused and the page shows where: the field in error is in view and focused.
      await expect(page.getByLabel(`Quantité de ${BACON}`)).toBeFocused();
      await expect(page.getByLabel(`Quantité de ${BACON}`)).toBeInViewport();
      await page.getByLabel(`Quantité de ${BACON}`).fill(typed('0,2 kg'));
      await expect(page.getByLabel(`Unité de ${BACON}`, { exact: true })).toHaveValue('kg');
      await page.getByLabel('Nom de la recette').fill('Quiche lorraine du marché');

      // Leaving by a link of the app asks first; the draft is kept and offered back.
      await (await headerControl(page, 'link', 'Mes Menus')).click();
      const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
      await expect(leave).toBeVisible();
      await calmScreenshot(page, `owners-screens-leave-${tag}`);
      await leave.getByRole('button', { name: 'Quitter la page' }).click();
      await expect(page).toHaveURL(/\/menus$/);
      await page.goto('/recipes');
      const notice = page.getByTestId('draft-notice');
      await expect(notice).toContainText('Modifications non enregistrées de « Quiche lorraine du marché »');
      await expect(
        notice.getByRole('button', { name: /^Reprendre le brouillon du \d+(?:er)? \S+ à \d\d:\d\d$/ }),
      ).toBeVisible();
      await calmScreenshot(page, `owners-screens-draft-notice-${tag}`);
      await notice.getByRole('button', { name: /^Reprendre le brouillon du/ }).click();
      await expect(page.getByLabel('Nom de la recette')).toHaveValue('Quiche lorraine du marché');
      await expect(page.getByLabel(`Unité de ${BACON}`, { exact: true })).toHaveValue('kg');
      // « Annuler » asks, then sets the draft aside for good.
      await page.getByRole('button', { name: 'Annuler', exact: true }).click();
      await page
        .getByRole('alertdialog', { name: 'Abandonner les modifications ?' })
        .getByRole('button', { name: 'Abandonner' })
        .click();
      await page.reload();
      await expect(card).toBeVisible();
      await expect(page.getByTestId('draft-notice')).toHaveCount(0);

      // « Prix des ingrédients »: the bacon priced once, for every recipe.
      await page.goto('/produits/prix');
      await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill('lardon nature cru');
      await page
        .getByRole('option', { name: /^Lardon nature, cru/ })
        .first()
        .click();
      const editor = page.getByRole('group', { name: `Prix de ${BACON}` });
      await editor.getByLabel('Prix HT (€)').fill(typed('14,50'));
      await editor.getByLabel('Fournisseur (facultatif)').fill('Boucherie Martin');
      await editor.getByRole('button', { name: 'Enregistrer le prix' }).click();
      await expectToast(page, `Prix de ${BACON} enregistré`);
      const row = page.getByTestId('ingredient-price-row').filter({ hasText: BACON });
      expect(await flat(row)).toContain('14,50 € le kg · Boucherie Martin');
      await expect(page.getByTestId('ingredient-price-row')).toHaveCount(3);
      await expect(page.getByText('Gratuit sans prix de votre part : Eau du robinet.')).toBeVisible();
      if (viewport === PHONE) await expectNoHorizontalScroll(page);
      await calmScreenshot(page, `owners-screens-prices-${tag}`);
      await page.goto('/recipes');
      // 1,50 + 2,90 = 4,40 € ÷ 6.
      await expect(card.getByTestId('cost-line')).toHaveText(/^Coût matière\s: 0,73\s€ \/ portion/);

      // « Télécharger » offers the print-ready files (read and decoded once, in e2e/owners-day.spec.ts;
      // the 2,000 px PNG: e2e/qr-codes.spec.ts).
      const menu = await api('POST', '/api/menus', { name: 'Carte du midi' });
      await api('POST', '/api/qr-codes', { name: 'Table 4', menuId: menu.id });
      await page.goto('/qr-codes');
      const qrCard = page.getByTestId('qr-card');
      await qrCard.getByRole('button', { name: /^Télécharger le code / }).click();
      await expect(qrCard.getByTestId('qr-drawing')).toHaveAttribute('data-state', 'drawn');
      // Each choice with its hint inside its button, wrapped at 360 px.
      for (const name of [/^PDF/, /^SVG/, /^PNG/]) {
        const choice = qrCard.getByRole('button', { name });
        await expect(choice).toBeVisible();
        expect(
          await choice.evaluate((b) => b.scrollWidth - b.clientWidth),
          `${name} wider than its button`,
        ).toBeLessThanOrEqual(0);
      }
      await calmScreenshot(page, `owners-screens-qr-download-${tag}`);
    });

    test('one price per dish, the « Service » role, the establishment’s notice', async ({ page, baseURL, browser }) => {
      test.setTimeout(150_000);
      await signUp(page, uniqueEmail('owner'), 'Le Bistrot de Marie');
      await makePremium(page, baseURL!);
      const api = apiOf(page.request, baseURL!);
      const salad = await api('POST', '/api/recipes', {
        name: 'Salade niçoise',
        servings: 1,
        price: 11,
        ingredients: [{ code: '20276', quantity: 150, unit: 'g' }],
        allergens: [],
        allergensDeclared: true,
      });
      const menu = await api('POST', '/api/menus', { name: 'Carte d’été' });
      const section = await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Entrées' });
      await api('POST', `/api/sections/${section.id}/items`, { recipeId: salad.id });

      // The dish follows the recipe's 11 €; its own 9,50 € on this menu; and back.
      await page.goto(`/menus/${menu.id}`);
      const item = page.getByTestId('menu-item').filter({ hasText: 'Salade niçoise' });
      await expect(item.getByTestId('item-price')).toContainText('11,00 € (prix de la recette)');
      await item.getByRole('button', { name: 'Prix propre au menu' }).click();
      await item.getByLabel('Prix propre au menu (€)').fill(typed('9,50'));
      await item.getByRole('button', { name: 'OK' }).click();
      await expectToast(page, 'Prix propre au menu enregistré');
      await expect(item.getByLabel('Prix propre au menu (€)')).toHaveValue('9,50');
      await calmScreenshot(page, `owners-screens-own-price-${tag}`);
      // « Coûts » shows the margins at the price diners see on that menu.
      await page.goto('/recipes/couts');
      expect(await flat(page.getByTestId('menu-price'))).toContain('Carte d’été : 9,50 € (prix propre au menu)');
      await calmScreenshot(page, `owners-screens-costs-${tag}`);
      await page.goto(`/menus/${menu.id}`);
      await item.getByRole('button', { name: 'Revenir au prix de la recette (11,00 €)' }).click();
      await expectToast(page, 'Prix de la recette repris');
      await expect(item.getByTestId('item-price')).toContainText('11,00 € (prix de la recette)');

      // A waiter (« Service ») marks the dish « Épuisé » and back, and changes nothing else.
      const waiterEmail = uniqueEmail('service');
      const invited = await page.request.post('/api/organisation/invitations', {
        headers: { Origin: baseURL! },
        data: { email: waiterEmail, role: 'service' },
      });
      expect(invited.status()).toBe(201);
      const link = await waitForLink(waiterEmail, /^Invitation à rejoindre/);
      const waiter = await browser.newContext({
        viewport,
        locale,
        ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
      });
      const waiterPage = await waiter.newPage();
      const signedUp = await waiterPage.request.post(`${baseURL}/api/auth/sign-up/email`, {
        headers: { Origin: baseURL! },
        data: { email: waiterEmail, password: PASSWORD, name: 'Léo' },
      });
      expect(signedUp.status()).toBe(200);
      const token = link.split('/').at(-1)!;
      expect(
        (
          await waiterPage.request.post(`${baseURL}/api/invitations/${token}/accept`, {
            headers: { Origin: baseURL! },
            data: {},
          })
        ).status(),
      ).toBe(200);
      await waiterPage.goto(`${baseURL}/menus/${menu.id}`);
      const served = waiterPage.getByTestId('menu-item').filter({ hasText: 'Salade niçoise' });
      await expect(served.getByRole('button', { name: 'Épuisé : Salade niçoise' })).toBeVisible();
      await expect(served.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
      await expect(waiterPage.getByRole('button', { name: 'Nouvelle section' })).toHaveCount(0);
      await expect(served).toContainText('11,00');
      await served.getByRole('button', { name: 'Épuisé : Salade niçoise' }).click();
      await expect(served.getByRole('button', { name: 'Épuisé : Salade niçoise' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await calmScreenshot(waiterPage, `owners-screens-service-${tag}`);
      await served.getByRole('button', { name: 'Épuisé : Salade niçoise' }).click();
      await expect(served.getByRole('button', { name: 'Épuisé : Salade niçoise' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      // No costs for the floor: the recipes read without them, « Coûts » is not offered.
      await waiterPage.goto(`${baseURL}/recipes`);
      await expect(waiterPage.getByTestId('recipe-card').filter({ hasText: 'Salade niçoise' })).toBeVisible();
      await expect(waiterPage.getByTestId('cost-line')).toHaveCount(0);
      await expect(waiterPage.getByRole('link', { name: 'Voir les coûts et marges' })).toHaveCount(0);
      await waiter.close();

      // The establishment's legal notice fields, kept as a draft when the page is reloaded.
      await page.goto('/etablissements');
      await page.getByTestId('establishment-card').first().getByRole('button', { name: 'Modifier' }).click();
      const form = page.getByRole('form', { name: 'Modifier l’établissement' });
      await form.getByLabel('SIRET (optionnel)').fill('732 829 320 00074');
      await form.getByLabel('Directeur de la publication (optionnel)').fill('Marie Durand');
      // Reloading a form with changes asks first (the browser's own question); the draft is kept.
      await reloadPastLeaveQuestion(page);
      await page
        .getByTestId('draft-notice')
        .getByRole('button', { name: /^Reprendre le brouillon du/ })
        .click();
      await expect(form.getByLabel('SIRET (optionnel)')).toHaveValue('732 829 320 00074');
      await calmScreenshot(page, `owners-screens-establishment-${tag}`);
      await form.getByRole('button', { name: 'Mettre à jour' }).click();
      await expectToast(page, 'Établissement enregistré');
      const diner = await browser.newContext({ viewport, locale, javaScriptEnabled: false });
      const notice = await diner.newPage();
      await notice.goto(`${baseURL}/menu/${menu.id}/mentions-legales`);
      expect(await flat(notice.locator('main'))).toContain('SIRET : 732 829 320 00074');
      await screenshot(notice, `owners-screens-notice-${tag}`);
      await diner.close();
    });
  });
}
