import { expect, type Page } from '@playwright/test';

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

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
