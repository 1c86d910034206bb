import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { messages } from '../src/shared/messages.ts';
import { PHONE, uniqueEmail } from './fixtures.ts';

// The forms of /auth and /reset-password load after their page has painted (the
// first-load budget of docs/decisions/0041-first-load-javascript.md); until then a stand-in shows the same fields, live
// (src/web/lib/form-draft.ts). These tests hold the form's code back on the network to type
// into the stand-in, then let it through and check that nothing typed is lost.

/** Holds back the page's requests for `assets/<chunk>-<hash>.js` until `release()`. */
async function holdChunk(page: Page, chunk: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const standIn = (page: Page) => page.locator('form[data-stand-in]');

/** An account made through the API (password « secret123 »), the page's cookies then cleared: a visitor who has one. */
async function accountSignedOut(page: Page, baseURL: string, prefix: string) {
  const email = uniqueEmail(prefix);
  const created = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL },
    data: { email, password: 'secret123', name: 'Chef' },
  });
  expect(created.status()).toBe(200);
  await page.context().clearCookies();
  return email;
}

test('sign-up typed and submitted before the form’s code arrived: the account is created with what was typed', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const release = await holdChunk(page, 'auth-form');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Inscription', exact: true }).click();
  await expect(standIn(page)).toHaveCount(1);
  await page.getByLabel('Email').fill(uniqueEmail('avance'));
  await page.getByLabel('Mot de passe').fill('secret123');
  await page.getByLabel('Nom du restaurant (optionnel)').fill('La Cantine Pressée');
  await page.getByLabel('Nom du restaurant (optionnel)').press('Enter');
  await expect(page.getByRole('button', { name: 'Veuillez patienter...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText('La Cantine Pressée');
});

test('sign-in: the address being typed keeps its text, focus and caret when the form takes over', async ({ page }) => {
  const release = await holdChunk(page, 'auth-form');
  await page.goto('/auth');
  await expect(standIn(page)).toHaveCount(1);
  const email = page.getByLabel('Email');
  await email.click();
  await email.pressSequentially('chef@exa');
  release();
  await expect(standIn(page)).toHaveCount(0);
  await expect(email).toBeFocused();
  await page.keyboard.type('mple.fr');
  await expect(email).toHaveValue('chef@example.fr');
  // The real form validates: a wrong password gets the server's French answer, not « requis ».
  await page.getByLabel('Mot de passe').fill('mauvais-mot');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').first()).toContainText(messages.auth.invalidCredentials);
});

test('new password: both fields typed into the stand-in reach the form, the caret mid-word included', async ({
  page,
}) => {
  const release = await holdChunk(page, 'reset-password-form');
  await page.goto('/reset-password?token=jeton-inconnu');
  await expect(standIn(page)).toHaveCount(1);
  await expect(page.getByLabel('Nouveau mot de passe')).toBeFocused();
  await page.keyboard.type('nouveau456');
  await page.keyboard.press('Tab');
  await page.keyboard.type('nouvea456');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  release();
  await expect(standIn(page)).toHaveCount(0);
  const confirm = page.getByLabel('Confirmer le mot de passe');
  await expect(confirm).toBeFocused();
  await page.keyboard.type('u');
  await expect(confirm).toHaveValue('nouveau456');
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveValue('nouveau456');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  // Matching passwords and an unknown token: the server refuses the token, the page says so.
  await expect(page.getByRole('heading', { name: 'Lien invalide' })).toBeVisible();
});

test('a stand-in left for another page before the code came leaves nothing behind: the next visit’s form starts empty', async ({
  page,
}) => {
  const release = await holdChunk(page, 'auth-form');
  await page.goto('/auth');
  await expect(standIn(page)).toHaveCount(1);
  await page.getByLabel('Email').fill(uniqueEmail('parti'));
  await page.getByLabel('Mot de passe').fill('secret123');
  await page.getByLabel('Mot de passe').press('Enter');
  await expect(page.getByRole('button', { name: 'Veuillez patienter...' })).toBeDisabled();
  await page.getByRole('link', { name: 'Restaurants', exact: true }).first().click();
  await expect(page).toHaveURL(/\/restaurants$/);
  // The URL changes at once, the page once its code is in: wait until /auth is gone from the
  // screen (with the form's code still held, only leaving removes the stand-in).
  await expect(standIn(page)).toHaveCount(0);
  release();
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(standIn(page)).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Mot de passe')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
});

// /auth is painted by the server for a visitor (docs/decisions/0028-server-first-paint.md
// « Signed-out pages »): its fields take typing before any of the app's code has come.
test('/auth painted by the server: typed and sent with Enter before the app’s code, nothing leaves in the address, and the account signs in', async ({
  page,
  baseURL,
}) => {
  const email = await accountSignedOut(page, baseURL!, 'peint');
  const release = await holdChunk(page, 'index');
  // The page's load waits for its scripts, held here: the paint is there before.
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  // The page's small script turns the painted buttons on (the server sends them disabled).
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Inscription', exact: true })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').click();
  await page.keyboard.type('secret123');
  await page.keyboard.press('Enter');
  expect(page.url()).toBe(`${baseURL}/auth`);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bonjour');
});

test('/auth?mode=inscription is painted as the sign-up form; what is typed before the app keeps its text, focus and caret', async ({
  page,
}) => {
  const release = await holdChunk(page, 'index');
  await page.goto('/auth?mode=inscription', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  const restaurant = page.getByLabel('Nom du restaurant (optionnel)');
  await page.getByLabel('Email').fill(uniqueEmail('peint-inscription'));
  await restaurant.click();
  await restaurant.pressSequentially('La Cantine du Qu');
  release();
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
  await expect(restaurant).toBeFocused();
  await page.keyboard.type('ai');
  await expect(restaurant).toHaveValue('La Cantine du Quai');
  await page.getByLabel('Mot de passe').fill('secret123');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText('La Cantine du Quai');
});

// The app starts on a pointer's down and may replace the painted page before it comes up: the
// browser then sends the click to no button. The press is finished on the app's button that took
// the painted one's place (src/web/landing/landing-script.ts).
test('a press on the painted « Inscription » that ends after the app came still opens the sign-up form', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  const toggle = page.getByRole('button', { name: 'Inscription', exact: true });
  await expect(toggle).toBeEnabled();
  const box = (await toggle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The pointer's down started the app; it replaces the paint while the button is held.
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
  await page.mouse.up();
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  await expect(page.getByLabel('Nom du restaurant (optionnel)')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});

// /auth runs none of the app's code until the visitor's first move (a pointer down, a key, a
// focus): a phone's main thread stays free meanwhile, and the page works before it comes
// (src/web/landing/landing-script.ts, docs/decisions/0030-first-load-on-a-slow-phone.md).
test('/auth starts the app on the visitor’s first move, not at load', async ({ page }) => {
  // The page's own code, which the app's start asks for first (src/web/router.tsx
  // `preloadRoutes`); the app's entry and shared modules are only prefetched meanwhile.
  const pageCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/auth-page-[\w-]+\.js$/.test(request.url())) pageCode.push(request.url());
  });
  await page.goto('/auth');
  await page.waitForTimeout(1000);
  expect(pageCode).toEqual([]);
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  // The painted page's environment banner, once (the small script adds none over it).
  await expect(page.getByTestId('env-banner')).toHaveCount(1);
  await page.getByLabel('Email').focus();
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
  expect(pageCode).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
});

test('/auth’s painted buttons before the app: « Inscription » opens the sign-up form, the address typed goes along', async ({
  page,
}) => {
  const release = await holdChunk(page, 'index');
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.getByLabel('Email').fill('chef@exemple.fr');
  const signUp = page.getByRole('button', { name: 'Inscription', exact: true });
  await signUp.click();
  await expect(signUp).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/auth\?mode=inscription$/);
  // The painted form is sign-in's: once another mode is asked for, its button sends nothing.
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  await expect(page.getByLabel('Nom du restaurant (optionnel)')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('chef@exemple.fr');
});

test('/auth’s painted buttons before the app: « Mot de passe oublié ? » opens that step with the address typed', async ({
  page,
}) => {
  const release = await holdChunk(page, 'index');
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('chef@exemple.fr');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('chef@exemple.fr');
});

test('/auth’s painted « Se connecter » pressed before the app: nothing in the address, and the account signs in', async ({
  page,
  baseURL,
}) => {
  const email = await accountSignedOut(page, baseURL!, 'peint-bouton');
  const release = await holdChunk(page, 'index');
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('secret123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(1);
  expect(page.url()).toBe(`${baseURL}/auth`);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// The first Intl number or date formatter a page makes costs 35–60 ms of ICU loading in
// Chromium on this host (src/shared/lazy.ts, docs/decisions/0030-first-load-on-a-slow-phone.md):
// /auth, where a restaurateur signs in or up, makes none from its paint to its working form.
test('/auth makes no Intl formatter from the server’s paint to the app’s sign-up form', async ({ page }) => {
  await page.addInitScript(() => {
    const made: string[] = [];
    Reflect.set(window, '__intlMade', made);
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat', 'ListFormat']) {
      const original = Reflect.get(Intl, name) as new (...args: unknown[]) => object;
      Reflect.set(
        Intl,
        name,
        new Proxy(original, { construct: (target, args) => (made.push(name), Reflect.construct(target, args)) }),
      );
    }
    const toLocaleString = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (this: number, ...args: Parameters<number['toLocaleString']>) {
      made.push('Number.toLocaleString');
      return toLocaleString.apply(this, args);
    };
  });
  await page.goto('/auth?mode=inscription');
  // The app comes on the visitor's first move.
  await page.getByLabel('Email').focus();
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
  await expect(standIn(page)).toHaveCount(0);
  await page.getByLabel('Mot de passe').fill('court');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  // The form's own checks have run (a French message under the field): still no formatter.
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(await page.evaluate(() => Reflect.get(window, '__intlMade'))).toEqual([]);
  // The probe sees a formatter when one is made.
  await page.evaluate(() => new Intl.NumberFormat('fr-FR').format(1));
  expect(await page.evaluate(() => Reflect.get(window, '__intlMade'))).toEqual(['NumberFormat']);
});
