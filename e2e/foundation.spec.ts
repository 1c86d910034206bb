import { expect, test } from './test.ts';
import {
  calmScreenshot,
  LAPTOP,
  PHONE,
  screenshot,
  signOutFromHeader,
  signUp,
  signUpThroughForm,
  uniqueEmail,
} from './fixtures.ts';

for (const viewport of [LAPTOP, PHONE]) {
  test(`sign up, see the dashboard greeting, sign out (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Commencer gratuitement' })).toBeVisible();
    await screenshot(page, `landing-${viewport.width}`);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Inscription', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Inscription' })).toBeVisible();
    await expect(page.getByPlaceholder('Mon Restaurant')).toBeVisible();
    await screenshot(page, `auth-${viewport.width}`);

    await signUpThroughForm(page, uniqueEmail('sophie'));
    // No first name given: the greeting names the restaurant (src/web/pages/dashboard/greeting.ts).
    await expect(page.getByRole('heading', { name: 'Bonjour, Le Bistrot du Port !' })).toBeVisible();
    await expect(page.getByText('Bienvenue sur le tableau de bord de Le Bistrot du Port.')).toBeVisible();
    for (const key of ['recipes', 'menus', 'qrCodes'])
      await expect(page.getByTestId(`counter-${key}`)).toContainText('0');
    await expect(page.getByRole('heading', { name: 'Passez au Premium' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mes Recettes' }).first()).toBeVisible();
    await screenshot(page, `dashboard-${viewport.width}`);

    await signOutFromHeader(page);
    await expect(page.getByText('Déconnexion réussie')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });
}

test('an anonymous visit to a signed-in page goes to /auth', async ({ page }) => {
  for (const path of ['/dashboard', '/recipes']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  }
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/nimporte-quoi');
    await expect(page.getByRole('heading', { name: 'Page non trouvée' })).toBeVisible();
    await screenshot(page, `not-found-${viewport.width}`);
  }
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-in shows the French validation and credential errors', async ({ page }) => {
  const email = await signUp(page);
  await signOutFromHeader(page);
  await page.goto('/auth');
  await page.getByLabel('Email').fill('pas-un-email');
  await page.getByLabel('Mot de passe').fill('12345');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Format d’email invalide')).toBeVisible();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect' })).toBeVisible();

  await page.getByLabel('Mot de passe').fill('secret123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Connexion réussie !')).toBeVisible();
});

test('an address locked after 10 wrong passwords: the form says when to retry and how to get in now (1280 and 360 px)', async ({
  page,
  baseURL,
}) => {
  const email = await signUp(page);
  await signOutFromHeader(page);
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post('/api/auth/sign-in/email', {
      headers: { Origin: baseURL! },
      data: { email, password: `mauvais-${i}` },
    });
    expect(res.status()).toBe(401);
  }
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe').fill('secret123');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          /^Trop de tentatives de connexion pour cette adresse\. Réessayez dans \d+\sminutes?, ou choisissez un nouveau mot de passe/,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await calmScreenshot(page, `auth-locked-${viewport.width}`);
  }
  await expect(page.getByRole('button', { name: 'Mot de passe oublié ?' })).toBeVisible();
});

test('the Ciqual attribution and the environment banner are shown', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('ciqual-attribution')).toContainText(
    'Table de composition nutritionnelle des aliments Ciqual',
  );
  await expect(page.getByTestId('env-banner')).toContainText('développement');
});
