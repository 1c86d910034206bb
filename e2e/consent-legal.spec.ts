import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from '../src/web/features/consent/consent-store.ts';
import { CIQUAL_ATTRIBUTION } from '../src/shared/ciqual.ts';
import { LEGAL_PAGES } from '../src/shared/legal.ts';
import { LAPTOP, PHONE, screenshot, signUp, uniqueEmail } from './fixtures.ts';

// A first visit: no cookie choice yet (the config pre-seeds one for the other specs).
test.use({ storageState: { cookies: [], origins: [] } });

const COMPANY = 'Cuisine Claire SAS'; // LEGAL_COMPANY_NAME in playwright.config.ts

const banner = (page: Page) => page.getByRole('region', { name: 'Vos choix sur les cookies' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Gestion des cookies' });

/** Every request the page makes, to tell the pixel and the page-view POSTs apart. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(`${request.method()} ${request.url()}`));
  return {
    pixel: () => urls.filter((line) => /^\w+ https?:\/\/([\w-]+\.)*facebook\.(net|com)\//.test(line)),
    pageViews: () => urls.filter((line) => line.startsWith('POST ') && line.endsWith('/api/tracking/page-views')),
    thirdParty: () => urls.filter((line) => !/^\w+ http:\/\/localhost:\d+\//.test(line)),
  };
}

/**
 * Counts the page-view POSTs the page's code starts, at the call (before the network), across
 * the tab's pages (sessionStorage): with the page's clock run forward, a « none » is certain.
 */
async function countPageViewCalls(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/tracking/page-views'))
        sessionStorage.setItem(
          'e2e-page-view-calls',
          String(Number(sessionStorage.getItem('e2e-page-view-calls') ?? 0) + 1),
        );
      return original(input, init);
    };
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('e2e-page-view-calls') ?? 0));
}

const storedConsent = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null,
    CONSENT_STORAGE_KEY,
  );

/** From the subscription page through the demo checkout to « Essai gratuit activé ! » (as in billing.spec.ts). */
async function subscribeWithDemoCheckout(page: Page) {
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Essai gratuit 14 jours' }).click();
  await expect(page).toHaveURL(/\/demo\/checkout\/[^/]+$/);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Essai gratuit activé !' })).toBeVisible({ timeout: 20_000 });
}

/** Refusing looks exactly like accepting: same height, colours and weight. */
async function expectSameLook(a: Locator, b: Locator) {
  const look = (l: Locator) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        height: el.getBoundingClientRect().height,
        background: s.backgroundColor,
        color: s.color,
        weight: s.fontWeight,
        size: s.fontSize,
      };
    });
  expect(await look(a)).toEqual(await look(b));
}

test('« Tout refuser »: no page tracking, no Meta pixel after a payment, and the choice survives a reload', async ({
  page,
}) => {
  const requests = recordRequests(page);
  const pageViewCalls = await countPageViewCalls(page);
  // The page's clock is Playwright's: it runs as usual, and is run forward where nothing may come.
  await page.clock.install();
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  const refuse = banner(page).getByRole('button', { name: 'Tout refuser' });
  const accept = banner(page).getByRole('button', { name: 'Tout accepter' });
  await expect(banner(page).getByRole('button', { name: 'Personnaliser' })).toBeVisible();
  await expectSameLook(refuse, accept);
  await expectSameLook(refuse, banner(page).getByRole('button', { name: 'Personnaliser' }));
  await expect(page.getByRole('dialog')).toHaveCount(0); // the banner is not modal
  await page.getByRole('link', { name: 'Restaurants' }).first().click(); // and the page stays usable under it
  await expect(page).toHaveURL(/\/restaurants$/);
  await expect(banner(page)).toBeVisible();
  await screenshot(page, 'consent-banner-1280', { fullPage: false });

  await refuse.click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ version: CONSENT_VERSION, analytics: false, ads: false });

  await signUp(page);
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { name: 'Mes Recettes' })).toBeVisible();
  await subscribeWithDemoCheckout(page);
  // The success page has told its listeners (the pixel's, with consent) before showing its
  // heading; a second of the page's time fires the page-view timer (100 ms) if there is one.
  await page.clock.runFor(1_000);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
  expect(await pageViewCalls()).toBe(0);
  expect(requests.pixel()).toEqual([]);
  expect(requests.pageViews()).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Essai gratuit activé !' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(banner(page)).toHaveCount(0);
  expect(await pageViewCalls()).toBe(0);
  expect(requests.pageViews()).toEqual([]);
});

test('« Tout accepter »: pages are tracked and the Meta pixel loads after a payment', async ({ page }) => {
  const requests = recordRequests(page);
  const pageViewCalls = await countPageViewCalls(page);
  await page.goto('/auth');
  await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ version: CONSENT_VERSION, analytics: true, ads: true });

  await signUp(page);
  await expect.poll(() => requests.pageViews().length).toBeGreaterThan(0);
  expect(await pageViewCalls()).toBeGreaterThan(0); // what the « Tout refuser » test counts does count
  expect(requests.pixel()).toEqual([]); // only on the payment success page
  const pixel = page.waitForRequest((request) => request.url() === 'https://connect.facebook.net/en_US/fbevents.js');
  await subscribeWithDemoCheckout(page);
  await pixel;
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`« Personnaliser » and « Gestion des cookies » set each purpose; the banner leaves the footer reachable (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    if (viewport === PHONE) {
      await screenshot(page, 'consent-banner-360', { fullPage: false });
      // A compact bar (docs/decisions/0025-menu-editor-and-recipe-form.md): at most a fifth of the phone's screen, the three choices on one row.
      expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(PHONE.height / 5);
      const tops = await banner(page)
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    }

    // Scrolled to the end, the footer's links sit above the banner, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const cookiesLink = page.getByRole('button', { name: 'Gestion des cookies' });
    const linkBox = (await cookiesLink.boundingBox())!;
    const bannerBox = (await banner(page).boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(bannerBox.y);

    await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
    await expect(dialog(page)).toBeVisible();
    const analytics = dialog(page).getByRole('switch', { name: 'Mesure d’audience' });
    const ads = dialog(page).getByRole('switch', { name: 'Publicité' });
    await expect(analytics).not.toBeChecked();
    await expect(ads).not.toBeChecked();
    await expect(dialog(page)).toContainText('pixel Meta');
    await screenshot(page, `consent-dialog-${viewport.width}`, { fullPage: false });
    await page.keyboard.press('Escape'); // closing without saving decides nothing
    await expect(dialog(page)).toHaveCount(0);
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
    await analytics.click();
    await expect(analytics).toBeChecked();
    await dialog(page).getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({ analytics: true, ads: false });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Gestion des cookies' }).click();
    await expect(analytics).toBeChecked();
    await expect(ads).not.toBeChecked();
    await analytics.click();
    await ads.click();
    await dialog(page).getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({ analytics: false, ads: true });
  });
}

test('the public menu page has no banner, no script but its own live « Épuisé » loader, and no third-party request', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('diner');
  const signUpResponse = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL! },
    data: { email, password: 'secret123', restaurantName: 'Chez Lina' },
  });
  expect(signUpResponse.ok()).toBe(true);
  const menu = await page.request.post('/api/menus', {
    headers: { Origin: baseURL! },
    data: { name: 'Carte du midi', description: '', isActive: true },
  });
  expect(menu.status()).toBe(201);
  const { id } = (await menu.json()) as { id: string };

  const requests = recordRequests(page);
  await page.goto(`/menu/${id}`);
  await expect(page.getByRole('heading', { name: 'Carte du midi' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.thirdParty()).toEqual([]);
  // Its one script is first-party and deferred: the live « Épuisé » loader (docs/decisions/0020).
  // The head's JSON-LD (schema.org Menu, docs/product/integrations.md) is data, never run.
  expect(await page.locator('script:not([src^="/menu/live.js"]):not([type="application/ld+json"])').count()).toBe(0);
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
  expect(await page.locator('script[src^="/menu/live.js"][defer]').count()).toBe(1);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByText('Gestion des cookies')).toHaveCount(0);
  const footer = page.locator('footer');
  await expect(footer).toContainText('Menu numérique propulsé par');
  for (const legal of LEGAL_PAGES)
    await expect(footer.getByRole('link', { name: legal.title, exact: true })).toHaveAttribute('href', legal.path);
  // Beside NutriCarte's, the restaurant's own notice (docs/product/api.md « /menu/:id/mentions-legales »).
  await expect(footer.getByRole('link', { name: 'Mentions légales du restaurant' })).toHaveAttribute(
    'href',
    /^\/menu\/[\w-]+\/mentions-legales$/,
  );
});

test('the legal pages, reached from the footer, name the configured publisher and skip what is not configured', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
  const legalNav = page.getByRole('navigation', { name: 'Informations légales' });

  await legalNav.getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expect(page).toHaveTitle('Mentions légales – NutriCarte');
  const article = page.locator('article');
  await expect(article.locator('dd').getByText(COMPANY, { exact: true })).toBeVisible();
  await expect(article).toContainText('SAS au capital de 1 000 €');
  await expect(article).toContainText('12 rue des Halles, 75001 Paris');
  await expect(article).toContainText(`Le directeur de la publication est le représentant légal de ${COMPANY}.`);
  await expect(article).not.toContainText('Immatriculation');
  await expect(page.getByTestId('legal-ciqual-attribution')).toHaveText(CIQUAL_ATTRIBUTION);

  await legalNav.getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  await expect(article).toContainText(COMPANY);
  await expect(article.getByRole('link', { name: 'contact@cuisine-claire.fr' }).first()).toHaveAttribute(
    'href',
    'mailto:contact@cuisine-claire.fr',
  );
  await expect(article).toContainText('« Exporter mes données »');
  await expect(article).toContainText('« Supprimer mon compte »');
  await expect(article).toContainText('le cookie de session « nutricarte.session_token »');
  await expect(article).toContainText(
    'le cookie « nutricarte.two_factor » (10 minutes), déposé seulement pendant une connexion avec double authentification',
  );
  await expect(article).toContainText(
    'jusqu’à la déconnexion, ou au plus tard 7 jours sans utilisation, puis effacées',
  );
  await article.getByRole('button', { name: 'Modifier mes choix de cookies' }).click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshot(page, 'legal-privacy-360');

  await legalNav.getByRole('link', { name: 'Conditions générales' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions générales' })).toBeVisible();
  await expect(article).toContainText(COMPANY);
  await expect(article).toContainText('10 € par mois ou 80 € par an (soit 6,67 € par mois)');
  await expect(article).toContainText('5 recettes, 1 menu, 1 code QR');
  await expect(article).toContainText('essai gratuit de 14 jours');
  await expect(article).toContainText('1169/2011');
  await expect(article).toContainText(
    'vos menus publics affichent « Menu non trouvé » et les codes QR déjà imprimés ne mènent plus à votre carte',
  );
  await page.setViewportSize(LAPTOP);
  await screenshot(page, 'legal-terms-1280');

  for (const legal of LEGAL_PAGES) {
    await page.goto(legal.path);
    await expect(article).toContainText(COMPANY);
    await expect(article).not.toContainText(/\bnull\b|undefined/);
  }
});
