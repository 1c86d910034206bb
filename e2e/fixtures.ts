import { expect, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, type ConsentRecord } from '../src/web/features/consent/consent-store.ts';

let counter = 0;
export const uniqueEmail = (prefix = 'chef') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.fr`;

export const PHONE = { width: 360, height: 740 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;

/** Signs up through /auth, as an owner would, and waits for the dashboard. */
export async function signUp(page: Page, email = uniqueEmail(), restaurantName = 'Le Bistrot du Port') {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Inscription', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('secret123');
  await page.getByLabel('Nom du restaurant (optionnel)').fill(restaurantName);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** The whole page by default; `fullPage: false` for what a visitor sees first (fixed banners, dialogs). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
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
