import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectToast, LAPTOP, pauseClock, PHONE, screenshot, signUp } from './fixtures.ts';

/** Creates a recipe through the API, as the recipe page would (docs/product/api.md « Recipes »). */
function createRecipe(page: Page, baseURL: string, name: string) {
  return page.request.post('/api/recipes', {
    headers: { Origin: baseURL },
    data: {
      name,
      servings: 1,
      ingredients: [{ code: '16400', quantity: 10, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    },
  });
}

const planCard = (page: Page) => page.getByTestId('current-plan');

for (const viewport of [LAPTOP, PHONE]) {
  test(`a free owner at the recipe limit subscribes yearly with the demo checkout, then cancels (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await signUp(page);
    for (const name of ['Quiche lorraine', 'Ratatouille', 'Tarte Tatin', 'Soupe à l’oignon', 'Crème brûlée']) {
      expect((await createRecipe(page, baseURL!, name)).status()).toBe(201);
    }
    expect((await createRecipe(page, baseURL!, 'Refusée')).status()).toBe(403);

    // ?billing=yearly preselects « Annuel ».
    await page.goto('/subscription?billing=yearly');
    await expect(page.getByRole('heading', { name: 'Mon Abonnement' })).toBeVisible();
    await expect(planCard(page)).toContainText('Gratuit');
    await expect(page.getByRole('radio', { name: /Annuel/ })).toBeChecked();
    await expect(page.getByText('80 €/an - Économisez 33\u00a0%')).toBeVisible();
    await expect(page.getByText('Débloquez toutes les fonctionnalités')).toBeVisible();
    await expect(page.getByTestId('usage-recipes')).toContainText('5 / 5');
    await expect(page.getByText('5 recettes max')).toBeVisible();
    const support = page.getByRole('link', { name: 'Contacter le support' });
    await expect(support).toHaveAttribute('href', /^mailto:support@nutricarte\.fr/);
    await screenshot(page, `subscription-free-${viewport.width}`);

    await page.getByRole('button', { name: 'Essai gratuit 14 jours' }).click();
    await expect(page).toHaveURL(/\/demo\/checkout\/[^/]+$/);
    await expect(page.getByTestId('demo-banner')).toHaveText('Mode démonstration – aucun paiement réel');
    await expect(page.getByRole('heading', { name: 'Premium annuel' })).toBeVisible();
    await expect(page.getByText('80 € / an').first()).toBeVisible();
    await expect(page.getByText('14 jours d’essai gratuit')).toBeVisible();
    await screenshot(page, `demo-checkout-${viewport.width}`);

    // The success page waits 3 s before its first check: its clock stands still until its
    // waiting screen has been seen, however slow the machine.
    await page.clock.install();
    await pauseClock(page);
    await page.getByRole('button', { name: 'Payer' }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await expect(page.getByText('Vérification du paiement en cours...')).toBeVisible();
    await expect(page.getByText('Merci de ne pas fermer cette fenêtre pendant la vérification.')).toBeVisible();
    await page.clock.resume();
    // 3 s initial delay, then the first forced refresh. A trial costs nothing today: it says so.
    await expect(page.getByRole('heading', { name: 'Essai gratuit activé !' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Abonnement Premium activé !')).toBeVisible();
    for (const feature of ['Menus illimités', 'Recettes illimitées', 'Codes QR illimités', 'Support prioritaire']) {
      await expect(page.getByText(feature)).toBeVisible();
    }
    await screenshot(page, `payment-success-${viewport.width}`);

    // Premium: the sixth recipe is accepted.
    expect((await createRecipe(page, baseURL!, 'Blanquette de veau')).status()).toBe(201);

    await page.getByRole('link', { name: 'Voir mon abonnement' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText('Premium actif')).toBeVisible();
    await expect(page.getByText('Prochaine facturation')).toBeVisible();
    await expect(page.getByTestId('usage-recipes')).toContainText('6 · Illimité');
    await expect(page.getByRole('heading', { name: 'Statistiques Premium' })).toBeVisible();
    await expect(page.getByText('Accès illimité à toutes les fonctionnalités !')).toBeVisible();
    await expect(page.getByText('Se termine bientôt')).toHaveCount(0);
    await screenshot(page, `subscription-premium-${viewport.width}`);

    // The demo customer portal: cancel at period end.
    await page.getByRole('button', { name: 'Gérer mon abonnement' }).click();
    await expect(page).toHaveURL(/\/demo\/portal$/);
    await expect(page.getByTestId('demo-banner')).toBeVisible();
    await expect(page.getByText('Premium annuel')).toBeVisible();
    await page.getByRole('button', { name: 'Annuler l’abonnement' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Vous gardez l’accès Premium jusqu’au');
    await dialog.getByRole('button', { name: 'Annuler l’abonnement' }).click();
    await expectToast(page, 'Abonnement annulé : il se terminera le ');
    await expect(page.getByRole('button', { name: 'Reprendre l’abonnement' })).toBeVisible();
    // (The toast is gone: on a phone it sits over the link below, and moves when the mouse comes.)
    await screenshot(page, `demo-portal-${viewport.width}`);

    await page.getByRole('link', { name: 'Retour à mon abonnement' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText('Se termine bientôt')).toBeVisible();
    await expect(page.getByText('Se termine le', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Votre abonnement se terminera le \d{1,2}(?:er)? \S+ \d{4}$/)).toBeVisible();
    await expect(page.getByText('Vous conservez l’accès Premium jusqu’à cette date.', { exact: false })).toBeVisible();
    await screenshot(page, `subscription-expiring-${viewport.width}`);

    // Still premium until the end of the period.
    expect((await createRecipe(page, baseURL!, 'Pot-au-feu')).status()).toBe(201);
  });
}

test('leaving the demo checkout leads to the payment cancel page', async ({ page }) => {
  await signUp(page);
  await page.goto('/subscription');
  await expect(page.getByRole('radio', { name: 'Mensuel' })).toBeChecked();
  await expect(page.getByText('10 €/mois', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Essai gratuit 14 jours' }).click();
  await expect(page.getByRole('heading', { name: 'Premium mensuel' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuler' }).click();

  await expect(page).toHaveURL(/\/payment-cancel$/);
  await expect(page.getByRole('heading', { name: 'Paiement annulé' })).toBeVisible();
  await expect(page.getByText('aucun frais n’a été prélevé')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
  await screenshot(page, 'payment-cancel-1280');
  await page.getByRole('link', { name: 'Voir les options d’abonnement' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(planCard(page)).toContainText('Gratuit');
});

test('one free trial per account: after the subscription ended, the next checkout is paid today and says so', async ({
  page,
  baseURL,
}) => {
  await signUp(page);
  // A first subscription (with its trial), ended at once in the demo portal.
  const post = (path: string, data: unknown) => page.request.post(path, { headers: { Origin: baseURL! }, data });
  const start = await (await post('/api/billing/checkout', { tier: 'premium', billingType: 'monthly' })).json();
  const sessionId = (start.url as string).split('/').at(-1)!;
  expect((await post(`/api/billing/demo/checkout/${sessionId}/pay`, {})).status()).toBe(200);
  expect((await post('/api/billing/demo/portal', { action: 'end-now' })).status()).toBe(200);

  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/subscription');
    await expect(planCard(page)).toContainText('Gratuit');
    await expect(page.getByRole('button', { name: 'Essai gratuit 14 jours' })).toHaveCount(0);
    await expect(
      page.getByText('Vous avez déjà profité de l’essai gratuit : l’abonnement commence dès le paiement.'),
    ).toBeVisible();
    await screenshot(page, `subscription-trial-used-${viewport.width}`);
    await page.getByRole('button', { name: 'Passer au Premium' }).click();
    await expect(page).toHaveURL(/\/demo\/checkout\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Premium mensuel' })).toBeVisible();
    await expect(
      page.getByText('Sans essai gratuit : vous en avez déjà profité. Le premier paiement a lieu aujourd’hui.'),
    ).toBeVisible();
    await expect(page.getByText('jours d’essai gratuit')).toHaveCount(0);
    await expect(page.getByText('À payer aujourd’hui').locator('xpath=..')).toContainText('10 €');
    await screenshot(page, `demo-checkout-no-trial-${viewport.width}`);
  }

  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByRole('heading', { name: 'Paiement réussi !' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('jours d’essai gratuit commencent')).toHaveCount(0);
  await page.goto('/subscription');
  await expect(page.getByText('Premium actif')).toBeVisible();
  await expect(page.getByText('période d’essai')).toHaveCount(0);
});

test('the payment success page without session_id says « Session invalide »', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'Session invalide' })).toBeVisible();
});

for (const viewport of [LAPTOP, PHONE]) {
  test(`the landing page and its pricing toggle, signed out then signed in (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Commencer gratuitement' })).toHaveAttribute(
      'href',
      '/auth?mode=inscription',
    );
    await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'S’inscrire' })).toHaveAttribute('href', '/auth?mode=inscription');
    const nav = page.getByRole('navigation', {
      name: viewport === PHONE ? 'Navigation mobile' : 'Navigation',
      exact: true,
    });
    await expect(nav.getByRole('link', { name: 'Fonctionnalités' })).toHaveAttribute('href', '/#fonctionnalites');
    await expect(nav.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('href', '/restaurants');
    await expect(nav.getByRole('link', { name: 'Restauration collective' })).toHaveAttribute(
      'href',
      '/restauration-collective',
    );
    await expect(nav.getByRole('link', { name: 'Tarifs' })).toHaveAttribute('href', '/#tarifs');
    await expect(page.locator('#fonctionnalites').getByRole('listitem')).toHaveCount(6);
    await expect(page.locator('#comment-ca-marche').getByRole('listitem')).toHaveCount(3);

    const pricing = page.locator('#tarifs');
    const premium = pricing.getByTestId('plan-premium');
    await expect(pricing.getByTestId('plan-free')).toContainText('0 € / mois');
    await expect(premium).toContainText('10 € / mois');
    await expect(pricing.getByText('-33%')).toBeVisible();
    await pricing.getByRole('radio', { name: /Annuel/ }).check();
    await expect(premium).toContainText('80 € / an');
    await expect(premium.getByText('6,67 € / mois', { exact: false })).toBeVisible();
    await expect(premium.getByText('Économisez 33\u00a0%')).toBeVisible();
    await expect(premium.getByRole('link', { name: 'Essayer Premium 14 jours' })).toHaveAttribute(
      'href',
      '/auth?mode=inscription',
    );
    await screenshot(page, `landing-pricing-${viewport.width}`);

    await signUp(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Accéder au tableau de bord' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Tableau de bord', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
    await pricing.getByRole('radio', { name: /Annuel/ }).check();
    await premium.getByRole('link', { name: 'Essayer Premium 14 jours' }).click();
    await expect(page).toHaveURL(/\/subscription\?billing=yearly$/);
    await expect(page.getByRole('radio', { name: /Annuel/ })).toBeChecked();
  });
}

const marketingPages = [
  {
    path: '/restaurants',
    name: 'restaurants',
    heading: 'Les défis du quotidien en restauration',
    cta: 'Votre carte informée dès ce soir',
  },
  {
    path: '/restauration-collective',
    name: 'collective',
    heading: 'Les défis de la restauration collective',
    cta: 'Informez vos convives dès le prochain service',
  },
];

for (const viewport of [LAPTOP, PHONE]) {
  test(`the marketing pages and their calls to action (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const marketing of marketingPages) {
      await page.goto(marketing.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: marketing.heading })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'La solution NutriCarte' })).toBeVisible();
      await expect(page.locator('#tarifs').getByTestId('plan-premium')).toBeVisible();
      const closing = page.getByRole('region', { name: marketing.cta });
      await expect(closing.getByRole('link', { name: 'Commencer gratuitement' })).toHaveAttribute(
        'href',
        '/auth?mode=inscription',
      );
      await screenshot(page, `marketing-${marketing.name}-${viewport.width}`);
    }
    await expect(page.getByText('Cantines scolaires')).toBeVisible();

    await signUp(page);
    for (const marketing of marketingPages) {
      await page.goto(marketing.path);
      const closing = page.getByRole('region', { name: marketing.cta });
      await expect(closing.getByRole('link', { name: 'Accéder au tableau de bord' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      await page.locator('#tarifs').getByTestId('plan-premium').getByRole('link').click();
      await expect(page).toHaveURL(/\/subscription\?billing=monthly$/);
    }
    await page.goto('/restaurants');
    await page
      .getByRole('region', { name: marketingPages[0]!.cta })
      .getByRole('link', { name: 'Accéder au tableau de bord' })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}
