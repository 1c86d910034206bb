import { expect, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, type ConsentRecord } from '../src/web/features/consent/consent-store.ts';

let counter = 0;
export const uniqueEmail = (prefix = 'chef') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.fr`;

export const PHONE = { width: 360, height: 740 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;

/** The password `signUp` chooses. */
export const PASSWORD = 'secret123';

/** Signs up through /auth, as an owner would, and waits for the dashboard. */
export async function signUp(page: Page, email = uniqueEmail(), restaurantName = 'Le Bistrot du Port') {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Inscription', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByLabel('Nom du restaurant (optionnel)').fill(restaurantName);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
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
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A browser state where the visitor has already answered the cookie banner (everything
 * refused, the default of every spec but e2e/consent-legal.spec.ts), so the banner never
 * covers the buttons a spec clicks. playwright.config.ts uses it for every test.
 */
export function decidedConsentState(origin: string) {
  const record: ConsentRecord = { version: CONSENT_VERSION, analytics: false, ads: false, decidedAt: new Date().toISOString() };
  return { cookies: [], origins: [{ origin, localStorage: [{ name: CONSENT_STORAGE_KEY, value: JSON.stringify(record) }] }] };
}
