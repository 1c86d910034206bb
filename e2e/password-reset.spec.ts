import { expect, test } from './test.ts';
import { messages } from '../src/shared/messages.ts';
import { calmScreenshot, expectToast, PASSWORD, signIn, signUp, uniqueEmail } from './fixtures.ts';
import { mailsTo, waitForLink } from './mailbox.ts';

const a = messages.account;

// « Mot de passe oublié ? » → e-mail (the dev mailbox file) → /reset-password. The phone
// screenshots of these pages are taken in account.spec.ts.
test('forgotten password: the same answer for any e-mail, a single-use link, every session ends', async ({
  page,
  browser,
}) => {
  // A long walk with several password hashes (each a second or more on a busy 2-core host): 47 s in
  // CI on 2026-11-28, against the default 60 (playwright.config.ts: budgets).
  test.setTimeout(120_000);
  const email = await signUp(page);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/auth');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(visitor.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await expect(visitor.getByLabel('Email')).toHaveValue(email);

  const unknown = uniqueEmail('inconnu');
  await visitor.getByLabel('Email').fill(unknown);
  await visitor.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(visitor.getByText(a.resetRequested)).toBeVisible();
  await calmScreenshot(visitor, 'forgot-password-1280');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(visitor.getByText(a.resetRequested)).toBeVisible();
  const link = await waitForLink(email, /Réinitialisez votre mot de passe/);
  expect(await mailsTo(unknown)).toEqual([]);

  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/reset-password\?token=/);
  const tokenPage = visitor.url();
  await visitor.getByLabel('Nouveau mot de passe').fill('abc');
  await visitor.getByLabel('Confirmer le mot de passe').fill('abd');
  await visitor.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(visitor.getByText(messages.auth.newPasswordTooShort)).toBeVisible();
  await visitor.getByLabel('Nouveau mot de passe').fill('nouveau456');
  await visitor.getByLabel('Confirmer le mot de passe').fill('nouveau457');
  await visitor.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(visitor.getByText(a.passwordMismatch)).toBeVisible();
  await calmScreenshot(visitor, 'reset-password-1280');
  await visitor.getByLabel('Confirmer le mot de passe').fill('nouveau456');
  await visitor.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(visitor).toHaveURL(/\/auth$/);
  await expectToast(visitor, 'Mot de passe modifié');

  // The session opened before the reset is over.
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);

  // No token at all: say so, and offer a new link.
  await page.goto('/reset-password');
  await expect(page.getByText('Ce lien est incomplet')).toBeVisible();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();

  await signIn(visitor, email, PASSWORD);
  await expect(visitor.getByRole('alert').filter({ hasText: messages.auth.invalidCredentials })).toBeVisible();
  await signIn(visitor, email, 'nouveau456');
  await expect(visitor).toHaveURL(/\/dashboard$/);

  // The link, twice: refused by better-auth's redirect, and by the API from an open page.
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/reset-password\?error=INVALID_TOKEN/);
  await expect(visitor.getByRole('heading', { name: 'Lien invalide' })).toBeVisible();
  await expect(visitor.getByText(a.resetInvalidToken)).toBeVisible();
  await visitor.goto(tokenPage);
  await visitor.getByLabel('Nouveau mot de passe').fill('encore789');
  await visitor.getByLabel('Confirmer le mot de passe').fill('encore789');
  await visitor.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(visitor.getByText(a.resetInvalidToken)).toBeVisible();
});
