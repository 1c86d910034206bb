import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { messages } from '../src/shared/messages.ts';
import {
  calmScreenshot,
  expectNoHorizontalScroll,
  expectToast,
  headerControl,
  openAccountMenu,
  PASSWORD,
  PHONE,
  seedMenu,
  signIn,
  signOutFromHeader,
  signUp,
  uniqueEmail,
} from './fixtures.ts';
import { decodePng } from './qr-decode.ts';
import { base32Decode, staleTotp, totp, totpFromSecret, totpKey } from '../src/server/test/totp.ts';
import type { AccountExport } from '../src/shared/api/account.ts';

const a = messages.account;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

const signOut = signOutFromHeader;

/** From the « Double authentification » card: password, then the enrolment view. */
async function startEnrolment(page: Page) {
  const twoFactor = card(page, 'Double authentification');
  await twoFactor.getByRole('button', { name: 'Activer' }).click();
  await twoFactor.getByLabel('Mot de passe actuel').fill(PASSWORD);
  await twoFactor.getByRole('button', { name: 'Continuer' }).click();
  const enrolment = page.getByTestId('two-factor-enrolment');
  await expect(enrolment.getByTestId('qr-drawing')).toHaveAttribute('data-state', 'drawn');
  const secret = (await enrolment.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  return { enrolment, secret };
}

test('the TOTP helper follows RFC 6238 (SHA-1 vector at T = 59 s)', () => {
  expect(totp(Buffer.from('12345678901234567890'), { time: 59_000, digits: 8 })).toBe('94287082');
  expect(totpFromSecret('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1_111_111_109_000)).toBe('081804');
});

// Two tests, not one long journey: each fits its budget on a busy 2-core machine.
test('two-factor enrolment from the page: the QR code holds the secret, backup codes download, a wrong or stale code is refused', async ({
  page,
}) => {
  await signUp(page);
  await (await headerControl(page, 'link', 'Mon compte')).click();
  await expect(page).toHaveURL(/\/account$/);
  const twoFactor = card(page, 'Double authentification');
  await expect(twoFactor.getByText('Désactivée')).toBeVisible();
  const { enrolment, secret } = await startEnrolment(page);

  // The QR code holds the otpauth URI of that secret.
  const qr = decodePng(await enrolment.getByTestId('qr-drawing').screenshot());
  expect(qr.text).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
  const backupCodes = await enrolment.getByTestId('backup-codes').locator('li').allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    enrolment.getByRole('button', { name: 'Télécharger' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('nutricarte-codes-de-secours.txt');
  expect(await readFile(await download.path(), 'utf8')).toContain(backupCodes[0]);
  await calmScreenshot(page, 'account-two-factor-enrolment-1280');

  await enrolment.getByLabel('Code de vérification').fill('12');
  await enrolment.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expect(enrolment.getByText(a.twoFactorInvalidCode)).toBeVisible();
  await enrolment.getByLabel('Code de vérification').fill(staleTotp(base32Decode(secret)));
  await enrolment.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expect(enrolment.getByText(a.twoFactorInvalidCode)).toBeVisible();
  await enrolment.getByLabel('Code de vérification').fill(totpFromSecret(secret));
  await enrolment.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expectToast(page, 'Double authentification activée');
  await page.reload();
  await expect(twoFactor.getByText('Activée', { exact: true })).toBeVisible();
});

test('two-factor sign-in: the password alone opens no session, then the code or a backup code does; off again with the password', async ({
  page,
  baseURL,
}) => {
  const email = await signUp(page);
  // Enrolled through the API, as the page does it (the test above goes through the page).
  const post = (path: string, data: unknown) => page.request.post(path, { headers: { Origin: baseURL! }, data });
  const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enabled.status()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const key = totpKey(totpURI);
  // The previous step's code: the current one signs in below, and a code works once.
  expect((await post('/api/auth/two-factor/verify-totp', { code: totp(key, { stepOffset: -1 }) })).status()).toBe(200);
  const twoFactor = card(page, 'Double authentification');

  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);

  // A dead challenge (its cookie gone, as after 10 minutes): back to the password, with the reason.
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  await page.context().clearCookies({ name: 'nutricarte.two_factor' });
  await page.getByLabel('Code de vérification').fill(totp(key));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion', exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: a.twoFactorSessionExpired })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Mot de passe')).toBeFocused();

  await signIn(page, email);
  await page.getByLabel('Code de vérification').fill(staleTotp(key));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByText(a.twoFactorInvalidCode)).toBeVisible();
  await page.getByLabel('Code de vérification').fill(totp(key));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A backup code opens a session (once: src/server/auth/account-security.int.test.ts).
  await signOut(page);
  await signIn(page, email);
  await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
  await page.getByLabel('Code de secours').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Off again, with the password: the next sign-in asks nothing more.
  await page.goto('/account');
  await twoFactor.getByRole('button', { name: 'Désactiver' }).click();
  await twoFactor.getByLabel('Mot de passe actuel').fill(PASSWORD);
  await twoFactor.getByRole('button', { name: 'Désactiver' }).click();
  await expectToast(page, 'Double authentification désactivée');
  await expect(twoFactor.getByText('Désactivée')).toBeVisible();
  await signOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sessions: this device, another one signed out, then every device', async ({ page, browser }) => {
  const email = await signUp(page);
  const laptop = await (await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS })).newPage();
  await signIn(laptop, email);
  await expect(laptop).toHaveURL(/\/dashboard$/);

  await page.goto('/account');
  const sessions = card(page, 'Sessions actives');
  const rows = sessions.getByTestId('account-session');
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: 'Cet appareil' });
  await expect(mine).toContainText('Chrome sur Linux');
  await expect(mine).toContainText(/Adresse IP \S+ · Dernière activité le \d{1,2}(?:er)? \p{L}+ \d{4} à \d{2}:\d{2}/u);
  await expect(mine.getByRole('button')).toHaveCount(0);
  await calmScreenshot(page, 'account-1280');

  await rows.filter({ hasText: 'Firefox sur Windows' }).getByRole('button', { name: 'Déconnecter' }).click();
  await expectToast(page, 'Appareil déconnecté');
  await expect(rows).toHaveCount(1);
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/auth$/);

  await signIn(laptop, email);
  await expect(laptop).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await sessions.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tout déconnecter' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Vous êtes déconnecté de tous vos appareils.');
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/auth$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
});

test('e-mail and password changes: errors next to the fields, other devices signed out', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A long walk with several password hashes: 41 s in CI on 2026-11-28 (playwright.config.ts: budgets).
  test.setTimeout(120_000);
  const email = await signUp(page);
  const takenEmail = uniqueEmail('prise');
  const other = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL! },
    data: { email: takenEmail, password: PASSWORD },
  });
  expect(other.status()).toBe(200);
  const laptop = await (await browser.newContext()).newPage();
  await signIn(laptop, email);
  await expect(laptop).toHaveURL(/\/dashboard$/);
  await page.goto('/account');

  const emailCard = card(page, 'Adresse email');
  const newEmailField = emailCard.getByLabel('Nouvelle adresse email');
  await newEmailField.fill('pas-un-email');
  await emailCard.getByRole('button', { name: 'Modifier l’adresse' }).click();
  await expect(emailCard.getByText(messages.auth.emailInvalid)).toBeVisible();
  await newEmailField.fill(email);
  await emailCard.getByRole('button', { name: 'Modifier l’adresse' }).click();
  await expect(emailCard.getByText(a.sameEmail)).toBeVisible();
  // Another account's address (no SMTP: the change would be immediate) is refused under the field.
  await newEmailField.fill(takenEmail.toUpperCase());
  await emailCard.getByRole('button', { name: 'Modifier l’adresse' }).click();
  await expect(newEmailField).toHaveAccessibleDescription(messages.auth.userExists);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(emailCard).toContainText(`Vous vous connectez avec ${email}`);
  const newEmail = uniqueEmail('nouvelle');
  await newEmailField.fill(newEmail);
  await emailCard.getByRole('button', { name: 'Modifier l’adresse' }).click();
  await expectToast(page, 'Adresse email modifiée');
  await expect(emailCard).toContainText(`Vous vous connectez avec ${newEmail}`);
  // The header's account menu names the new address.
  await openAccountMenu(page);
  await expect(page.getByTestId('user-email')).toHaveText(newEmail);
  await page.keyboard.press('Escape');

  const passwordCard = card(page, 'Mot de passe');
  const fill = async (current: string, next: string, confirmation: string) => {
    await passwordCard.getByLabel('Mot de passe actuel').fill(current);
    await passwordCard.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
    await passwordCard.getByLabel('Confirmer le nouveau mot de passe').fill(confirmation);
    await passwordCard.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  };
  await fill(PASSWORD, 'nouveau456', 'nouveau999');
  await expect(passwordCard.getByText(a.passwordMismatch)).toBeVisible();
  await fill('mauvais-mot-de-passe', 'nouveau456', 'nouveau456');
  await expect(passwordCard.getByText(a.wrongPassword)).toBeVisible();
  await fill(PASSWORD, 'nouveau456', 'nouveau456');
  await expectToast(page, 'Mot de passe modifié');

  // This device stays signed in, the other one is out.
  await page.reload();
  await expect(page).toHaveURL(/\/account$/);
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/auth$/);
  await signIn(laptop, newEmail, 'nouveau456');
  await expect(laptop).toHaveURL(/\/dashboard$/);
});

test('export the data, then delete the account: « Menu non trouvé », printed codes lead nowhere, sign-in fails', async ({
  page,
  baseURL,
}) => {
  const email = await signUp(page);
  const menuId = await seedMenu(page, baseURL!);
  const qr = await page.request.post('/api/qr-codes', {
    headers: { Origin: baseURL! },
    data: { name: 'Table 1', menuId },
  });
  expect(qr.status()).toBe(201);
  const qrId = ((await qr.json()) as { id: string }).id;
  await page.goto(`/menu/${menuId}`);
  await expect(page.getByText('Purée').first()).toBeVisible();

  await page.goto('/account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^nutricarte-export-\d{4}-\d{2}-\d{2}\.json$/);
  // The export holds the account and each organisation it owns (src/shared/api/account.ts AccountExport).
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
  expect(exported.user.email).toBe(email);
  expect(exported.organisations).toHaveLength(1);
  expect(exported.organisations[0]!.recipes.map((recipe) => recipe.name)).toEqual(['Purée']);
  expect(exported.organisations[0]!.qrCodes).toHaveLength(1);

  await card(page, 'Supprimer mon compte').getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
  await expect(dialog).toContainText('leurs pages publiques afficheront « Menu non trouvé »');
  await expect(dialog).toContainText('ceux déjà imprimés ne mèneront plus à votre carte');
  await expect(dialog).toContainText('abonnement Premium');
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(dialog.getByText(a.deleteConfirmRequired)).toBeVisible();
  await dialog.getByLabel('Mot de passe actuel').fill('mauvais-mot-de-passe');
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(dialog.getByText(a.wrongPassword)).toBeVisible();
  await calmScreenshot(page, 'account-delete-dialog-1280');
  await dialog.getByLabel('Mot de passe actuel').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Votre compte et toutes ses données ont été supprimés.');

  await page.goto(`/menu/${menuId}`);
  await expect(page.getByText('Menu non trouvé').first()).toBeVisible();
  const scan = await page.request.get(`/qr/${qrId}`, { maxRedirects: 0 });
  expect(scan.status()).toBe(404);
  expect(await scan.text()).toContain('Code QR non trouvé ou inactif');
  await signIn(page, email);
  await expect(page.getByRole('alert').filter({ hasText: messages.auth.invalidCredentials })).toBeVisible();
});

test('a refused e-mail confirmation link: the reason in « Adresse email », the parameter leaves the address (360 px)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  await page.goto('/account?error=INVALID_TOKEN');
  const emailCard = card(page, 'Adresse email');
  const refused = emailCard.getByRole('alert').filter({ hasText: messages.account.emailLinkFailed });
  await expect(refused).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expectNoHorizontalScroll(page);
  await calmScreenshot(page, 'account-email-link-refused-360');
  // Read once: a reload, or a new change of address, puts it away.
  await emailCard.getByLabel('Nouvelle adresse email').fill('pas-un-email');
  await emailCard.getByRole('button', { name: 'Modifier l’adresse' }).click();
  await expect(refused).toHaveCount(0);
  await page.goto('/account?error=TOKEN_EXPIRED');
  await expect(refused).toBeVisible();
  await page.reload();
  await expect(emailCard.getByText('Vous vous connectez avec')).toBeVisible();
  await expect(refused).toHaveCount(0);
});

test('on a phone: header link, « Mon compte », enrolment, forgotten password and reset pages', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  await (await headerControl(page, 'link', 'Mon compte')).click();
  await expect(page.getByRole('heading', { name: 'Mon compte', exact: true })).toBeVisible();
  await expect(card(page, 'Sessions actives').getByText('Cet appareil')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await calmScreenshot(page, 'account-360');
  await startEnrolment(page);
  await expectNoHorizontalScroll(page);
  await calmScreenshot(page, 'account-two-factor-enrolment-360');

  await signOut(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expectNoHorizontalScroll(page);
  await calmScreenshot(page, 'forgot-password-360');
  await page.goto('/reset-password?token=jeton-de-test');
  await expect(page.getByLabel('Confirmer le mot de passe')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await calmScreenshot(page, 'reset-password-360');
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByText(a.resetInvalidToken)).toBeVisible();
  await calmScreenshot(page, 'reset-password-invalid-360');
});
