import { expect, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, type ConsentRecord } from '../src/web/features/consent/consent-store.ts';

let counter = 0;
/**
 * An address no other test of the run takes: the two workers are two processes, each with its
 * own counter, so the worker's pid is part of it (with the time and the counter alone, both
 * workers' first sign-ups in the same millisecond would have been one address, and the second
 * refused as taken).
 */
export const uniqueEmail = (prefix = 'chef') =>
  `${prefix}.${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}@example.fr`;

export const PHONE = { width: 360, height: 740 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;

/** An admin address of the e2e server besides admin.spec.ts's (playwright.config.ts). */
export const PHONE_ADMIN_EMAIL = 'phone-admin@e2e.nutricarte.test';

/** The admin address of e2e/accessibility.spec.ts (playwright.config.ts). */
export const A11Y_ADMIN_EMAIL = 'a11y-admin@e2e.nutricarte.test';

/** The password `signUp` chooses. */
export const PASSWORD = 'secret123';

/** The e2e server's address (playwright.config.ts starts it on E2E_PORT). */
export const E2E_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}`;

/**
 * An owner's account made through the API, as the form would make it (same body, same
 * restaurant), its session cookie kept by the page's browser context; then the dashboard,
 * drawn by the app, as after the form. The specs of sign-up itself use `signUpThroughForm`:
 * the others need an account, not the form (a sign-up through the form loaded /auth and its
 * form's code, typed and waited for the app's move, about two seconds a test on a busy host).
 */
export async function signUp(page: Page, email = uniqueEmail(), restaurantName = 'Le Bistrot du Port') {
  // A sign-up hashes its password: seconds on this 2-core host while the other worker audits a page.
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: E2E_BASE_URL },
    data: { email, password: PASSWORD, restaurantName },
    timeout: 30_000,
  });
  expect(
    response.status(),
    `signUp: the sign-up answered ${response.status()}: ${await response.text().catch(() => '')}`,
  ).toBe(200);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await appRendered(page);
  return email;
}

/** Signs up through /auth, as an owner would, and waits for the dashboard (the specs of sign-up itself). */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), restaurantName?: string) {
  await fillSignUp(page, email, restaurantName);
  // The server's answer is awaited apart from the page's move, so a failure says which it was:
  // a click that sent nothing, a refusal, or an answer slower than the usual bound (a sign-up
  // hashes its password: seconds on this 2-core host while the other worker audits a page).
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/sign-up/email') && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  const response = await answer.catch((error: unknown) => {
    throw new Error(
      `signUpThroughForm: no answer to the sign-up within 30 s of the click on « Créer mon compte » (${String(error)})`,
    );
  });
  expect(
    response.status(),
    `signUpThroughForm: the sign-up answered ${response.status()}: ${await response.text().catch(() => '')}`,
  ).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Opens /auth's sign-up form and fills it; the caller sends it (« Créer mon compte »). */
export async function fillSignUp(page: Page, email: string, restaurantName = 'Le Bistrot du Port') {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Inscription', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByLabel('Nom du restaurant (optionnel)').fill(restaurantName);
}

/**
 * Waits until the app has replaced the server's first paint of a signed-in page
 * (docs/decisions/0028-server-first-paint.md): from then on, an element found stays the one on
 * screen, so its box can be measured.
 */
export async function appRendered(page: Page) {
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
}

/** Fills the sign-in form of /auth; the caller checks where it leads (dashboard, code step, error). */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The whole page by default; `fullPage: false` for what a visitor sees first (fixed banners, dialogs). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

/**
 * Checks the toast in front (sonner keeps older ones in the page, transparent), then closes
 * every toast: a toast under the mouse never times out, and on a phone it covers buttons.
 */
export async function expectToast(page: Page, ...texts: string[]) {
  const front = page.locator('[data-sonner-toast][data-visible="true"]');
  for (const text of texts) await expect(front).toContainText(text);
  await dismissToasts(page);
}

export async function dismissToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  for (let round = 0; round < 10 && (await toasts.count()) > 0; round++) {
    await page
      .locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"]) [data-close-button]')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/**
 * Stops the page's clock (after `page.clock.install()`): from now on its timers fire only when
 * the test runs it forward (`page.clock.runFor`), however slow the machine. The clock first
 * jumps `aheadMs` ahead, firing what was due by then: `pauseAt` cannot go back, and the page's
 * time keeps running while the command travels (on a busy machine, for a while).
 */
export async function pauseClock(page: Page, aheadMs = 5_000) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + aheadMs);
}

/** Screenshots without a toast hiding the page. */
export async function calmScreenshot(page: Page, name: string) {
  await dismissToasts(page);
  await screenshot(page, name);
}

/** A menu « Carte du midi » with one dish, seeded through the API as the owner. */
export async function seedMenu(page: Page, origin: string, name = 'Carte du midi'): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const recipe = await post('/api/recipes', {
    name: 'Purée',
    servings: 4,
    ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
    allergens: ['Lait'],
    allergensDeclared: true,
    dietaryInfo: ['Végétarien'],
  });
  const menu = await post('/api/menus', { name });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
  return menu.id;
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A browser state where the visitor has already answered the cookie banner (everything
 * refused, the default of every spec but e2e/consent-legal.spec.ts), so the banner never
 * covers the buttons a spec clicks. playwright.config.ts uses it for every test.
 */
export function decidedConsentState(origin: string) {
  const record: ConsentRecord = {
    version: CONSENT_VERSION,
    analytics: false,
    ads: false,
    decidedAt: new Date().toISOString(),
  };
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: CONSENT_STORAGE_KEY, value: JSON.stringify(record) }] }],
  };
}

/** The phone header's « Menu » (below 1024 px), opened; returns its dialog. */
export async function openAppMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'NutriCarte' });
  await expect(menu).toBeVisible();
  return menu;
}

/** The header's account menu (from 1024 px), opened; returns it. */
export async function openAccountMenu(page: Page) {
  await page.getByTestId('account-menu-button').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** What the account menu holds from 1024 px (src/web/layouts/account-menu.tsx). */
const ACCOUNT_MENU = ['Mon compte', 'Abonnement', 'Se déconnecter'];

/**
 * A control of the signed-in header: in the header's row or its account menu from 1024 px,
 * in « Menu » below.
 */
export async function headerControl(page: Page, role: 'link' | 'button', name: string) {
  if (isPhone(page)) return (await openAppMenu(page)).getByRole(role, { name, exact: true });
  if (ACCOUNT_MENU.includes(name)) return (await openAccountMenu(page)).getByRole('menuitem', { name, exact: true });
  if (role === 'link')
    return page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name, exact: true });
  return page.getByRole('banner').getByRole(role, { name, exact: true });
}

/** « Se déconnecter » from the header, on any screen; waits for the landing page. */
export async function signOutFromHeader(page: Page) {
  await (await headerControl(page, 'button', 'Se déconnecter')).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The page is no wider than the screen (nothing to scroll sideways); a failure names the elements that stick out. */
export async function expectFitsScreen(page: Page, what: string, { soft = false } = {}) {
  const { scrollWidth, clientWidth, outside } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} «${(el.textContent ?? '').trim().slice(0, 30)}»`;
    // Inside a box that scrolls (or clips) sideways, an element does not widen the page; but an
    // absolutely positioned one (an sr-only text) is clipped only by a box that contains it: a
    // positioned or transformed ancestor. Between them, the scrollers it escapes do not count.
    const inScroller = (el: Element) => {
      let position = getComputedStyle(el).position;
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (position === 'fixed') return false;
        const style = getComputedStyle(parent);
        if (position === 'absolute' && style.position === 'static' && style.transform === 'none') continue;
        if (style.overflowX !== 'visible') return true;
        position = style.position;
      }
      return false;
    };
    const outside = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && !inScroller(el))
      .slice(0, 5)
      .map(describe);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside };
  });
  (soft ? expect.soft : expect)(
    scrollWidth,
    `${what}: ${scrollWidth} px of content on a ${clientWidth} px screen; sticking out: ${outside.join(' | ')}`,
  ).toBeLessThanOrEqual(clientWidth);
}

/** Premium for the signed-in owner's organisation, through the demo checkout's API (as e2e/billing.spec.ts does). */
export async function makePremium(page: Page, origin: string) {
  const post = (path: string, data: unknown) => page.request.post(path, { headers: { Origin: origin }, data });
  const start = await post('/api/billing/checkout', { tier: 'premium', billingType: 'monthly' });
  expect(start.status()).toBe(200);
  const sessionId = ((await start.json()) as { url: string }).url.split('/').at(-1)!;
  expect((await post(`/api/billing/demo/checkout/${sessionId}/pay`, {})).status()).toBe(200);
}

/** Below 1024 px the header's links are in « Menu » (decided by the viewport, not by a header still loading). */
function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? LAPTOP.width) < 1024;
}

/**
 * One of the organisation's pages (« Équipe », « Établissements », « Historique »): from the
 * organisation menu of the header from 1024 px, from « Menu » on a phone.
 */
export async function openOrganisationPage(page: Page, label: string) {
  if (isPhone(page)) {
    const menu = await openAppMenu(page);
    await menu
      .getByRole('navigation', { name: 'Pages de l’organisation' })
      .getByRole('link', { name: label, exact: true })
      .click();
  } else {
    await page.getByTestId('organisation-switcher').click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
  }
}

/** Makes `name` the organisation active from the header (or « Menu » on a phone). */
export async function switchOrganisation(page: Page, name: string) {
  if (isPhone(page)) {
    const menu = await openAppMenu(page);
    await menu
      .getByRole('list', { name: 'Changer d’organisation' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  } else {
    await page.getByTestId('organisation-switcher').click();
    await page.getByRole('menuitemradio', { name: new RegExp(`^${name}`) }).click();
  }
}

/** Reloads a page whose form has unsaved changes: the browser asks first (`beforeunload`), and the test leaves. */
export async function reloadPastLeaveQuestion(page: Page) {
  const asked = page.waitForEvent('dialog');
  const reloaded = page.reload();
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.accept();
  await reloaded;
}
