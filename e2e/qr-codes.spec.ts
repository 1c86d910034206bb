import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { qrFileName } from '../src/shared/api/qr.ts';
import { decodePng } from './qr-decode.ts';
import {
  expectNoHorizontalScroll,
  expectToast,
  LAPTOP,
  pauseClock,
  PHONE,
  screenshot,
  seedMenu,
  signUp,
} from './fixtures.ts';

/** One action of a QR card's « Actions » menu (src/web/features/qr/qr-card-actions.tsx). */
async function cardAction(page: Page, card: Locator, name: string) {
  await card.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
}

for (const viewport of [LAPTOP, PHONE]) {
  test(`generate, download, scan, toggle and delete a QR code (${viewport.width} px)`, async ({ page, baseURL }) => {
    test.setTimeout(120_000); // a long walk: 40 to 44 s in CI on 2026-11-28 (playwright.config.ts: budgets)
    const origin = baseURL!;
    await page.setViewportSize(viewport);
    await signUp(page);

    // No code and no menu yet.
    await page.getByRole('link', { name: 'Codes QR' }).first().click();
    await expect(page.getByRole('heading', { name: 'Codes QR', exact: true })).toBeVisible();
    await expect(page.getByText('Aucun code QR trouvé')).toBeVisible();
    await page.getByRole('button', { name: 'Générer mon premier code QR' }).click();
    await expect(page.getByText('Aucun menu actif trouvé. Créez d’abord un menu.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aller à Mes Menus' })).toHaveAttribute('href', '/menus');
    await expect(page.getByRole('button', { name: 'Générer le code QR' })).toBeDisabled();
    await page.getByTestId('qr-generator').getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(page.getByTestId('qr-generator')).toHaveCount(0);

    // The generator: default name, validation next to the field, free-plan notice. The page's
    // clock is Playwright's from here (it runs as usual until paused below).
    const menuId = await seedMenu(page, origin);
    await page.clock.install();
    await page.reload();
    await page.getByRole('button', { name: 'Générer un code QR' }).click();
    const generator = page.getByTestId('qr-generator');
    await expect(generator.getByTestId('qr-plan-notice')).toContainText('Plan gratuit : 1 code QR');
    await expect(generator.getByRole('link', { name: 'Passer au Premium' })).toHaveAttribute('href', '/subscription');
    await expect(page.locator('body')).not.toContainText(/par mois|ce mois/);
    await expect(generator.getByRole('button', { name: 'Générer le code QR' })).toBeDisabled();
    await expect(generator.getByRole('button', { name: 'Télécharger le code QR' })).toBeDisabled();
    const menuSelect = generator.getByLabel('Menu à lier');
    await expect(menuSelect.locator('option').first()).toHaveText('Sélectionnez un menu');
    await menuSelect.selectOption({ label: 'Carte du midi' });
    const nameField = generator.getByLabel('Nom du code QR');
    await expect(nameField).toHaveValue('QR - Carte du midi');
    await nameField.fill('   ');
    await generator.getByRole('button', { name: 'Générer le code QR' }).click();
    await expect(
      generator.getByRole('alert').filter({ hasText: 'Veuillez donner un nom à votre code QR' }),
    ).toBeVisible();
    await nameField.fill('QR - Carte du midi');
    await expect(generator.getByRole('alert')).toHaveCount(0);
    await screenshot(page, `qr-generator-${viewport.width}`);
    if (viewport === PHONE) await expectNoHorizontalScroll(page);

    // The 300×300 SVG preview, then the generator closes by itself one second later
    // (docs/product/spec.md section 4). The page's time stands still meanwhile: however slow
    // the machine, the preview is looked at before the second is over, then the second passes.
    await pauseClock(page);
    await generator.getByRole('button', { name: 'Générer le code QR' }).click();
    await expect(generator.getByTestId('qr-preview').locator('svg[width="300"][height="300"]')).toBeVisible();
    await expect(generator.getByRole('button', { name: 'Télécharger le code QR' })).toBeEnabled();
    // 999 ms later (the toast needs the page's timers to show): still open.
    await page.clock.runFor(999);
    await expect(page.getByText('Code QR généré avec succès !')).toBeVisible();
    await expect(generator).toBeVisible();
    await screenshot(page, `qr-generator-done-${viewport.width}`);
    await page.clock.runFor(1);
    await expect(generator).toHaveCount(0);
    await page.clock.resume();

    // The card.
    const card = page.getByTestId('qr-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'QR - Carte du midi' })).toBeVisible();
    await expect(card).toContainText('Actif');
    await expect(card).toContainText('Menu : Carte du midi');
    await expect(card.getByTestId('qr-scans')).toHaveText('0 scan');
    await expect(card.getByTestId('qr-drawing')).toHaveAttribute('data-state', 'drawn');
    await expect(card.locator('canvas')).toHaveCSS('width', '150px');
    const url = (await card.getByTestId('qr-url').textContent())!.trim();
    expect(url).toMatch(new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/qr/[0-9a-f-]{36}$`));
    // Every action but « Télécharger » is in the card's « Actions » menu (docs/decisions/0025-menu-editor-and-recipe-form.md).
    await card.getByRole('button', { name: 'Actions' }).click();
    const see = page.getByRole('menu').getByRole('menuitem', { name: 'Voir le menu' });
    await expect(see).toHaveAttribute('href', url);
    await expect(see).toHaveAttribute('target', '_blank');
    await expect(see).toHaveAttribute('rel', 'noopener');
    await screenshot(page, `qr-card-actions-${viewport.width}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByTestId('limit-banner')).toContainText('Limite atteinte !');
    await screenshot(page, `qr-codes-${viewport.width}`);
    if (viewport === PHONE) await expectNoHorizontalScroll(page);

    // Download: « Télécharger », then the file; the PNG is 2,000 px, named after the code, and
    // decodes to the card's URL (the SVG and the PDF: e2e/owners-day.spec.ts).
    await card.getByRole('button', { name: /^Télécharger le code / }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'PNG (2 000 px)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${qrFileName('QR - Carte du midi')}.png`);
    expect(download.suggestedFilename()).toBe('qr-code-qr---carte-du-midi.png');
    await expect(page.getByText('Code QR téléchargé !')).toBeVisible();
    const decoded = decodePng(await readFile(await download.path()));
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 2000, height: 2000 });
    expect(decoded.text).toBe(url);

    // A diner scans it: one scan, then the public menu.
    await page.goto(url);
    await expect(page).toHaveURL(`${origin}/menu/${menuId}`);
    await expect(page.getByText('Carte du midi').first()).toBeVisible();
    await page.goto('/qr-codes');
    await expect(card.getByTestId('qr-scans')).toHaveText('1 scan');

    // Deactivate: the code no longer leads to the menu; reactivate.
    await cardAction(page, card, 'Désactiver');
    await expect(page.getByText('Code QR désactivé avec succès')).toBeVisible();
    await expect(card).toContainText('Inactif');
    const refused = await page.request.get(url, { maxRedirects: 0 });
    expect(refused.status()).toBe(404);
    // A diner who scans it meanwhile reads a calm page with the restaurant's name, not an error.
    await page.goto(url);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ce menu n’est pas disponible pour le moment' }),
    ).toBeVisible();
    await expect(page.getByText('Le Bistrot du Port')).toBeVisible();
    await expect(page.getByText('Erreur')).toHaveCount(0);
    await screenshot(page, `qr-paused-${viewport.width}`);
    if (viewport === PHONE) await expectNoHorizontalScroll(page);
    await page.goto('/qr-codes');
    await cardAction(page, card, 'Activer');
    await expectToast(page, 'Code QR activé avec succès');
    await expect(card).toContainText('Actif');
    const redirect = await page.request.get(url, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe(`/menu/${menuId}`);

    // The free plan allows one code: the generator refuses a second one, and so does the server.
    await page.getByRole('button', { name: 'Générer un code QR' }).click();
    await expect(generator.getByTestId('qr-plan-notice')).toContainText(
      'Limite de codes QR atteinte pour le plan gratuit.',
    );
    await generator.getByLabel('Menu à lier').selectOption({ label: 'Carte du midi' });
    await expect(generator.getByRole('button', { name: 'Générer le code QR' })).toBeDisabled();
    const second = await page.request.post('/api/qr-codes', {
      headers: { Origin: origin },
      data: { name: 'Terrasse', menuId },
    });
    expect(second.status()).toBe(403);
    expect((await second.json()).error.code).toBe('plan_limit');
    await generator.getByRole('button', { name: 'Fermer' }).click();

    // Delete, after the confirmation.
    await cardAction(page, card, 'Supprimer');
    await expect(page.getByRole('alertdialog')).toContainText('Êtes-vous sûr de vouloir supprimer ce code QR ?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Code QR supprimé avec succès')).toBeVisible();
    await expect(page.getByText('Aucun code QR trouvé')).toBeVisible();
    await expect(page.getByTestId('limit-banner')).toHaveCount(0);
  });
}

test('a creation refused by the server for the plan limit leads to /subscription', async ({ page, baseURL }) => {
  await signUp(page);
  const menuId = await seedMenu(page, baseURL!);
  const first = await page.request.post('/api/qr-codes', {
    headers: { Origin: baseURL! },
    data: { name: 'Salle', menuId },
  });
  expect(first.status()).toBe(201);
  // The page believes the slot is still free (say, a code created meanwhile in another tab).
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const me = await response.json();
    await route.fulfill({ response, json: { ...me, usage: { ...me.usage, qrCodes: 0 } } });
  });
  await page.goto('/qr-codes');
  await page.getByRole('button', { name: 'Générer un code QR' }).click();
  await page.getByLabel('Menu à lier').selectOption({ label: 'Carte du midi' });
  await page.getByRole('button', { name: 'Générer le code QR' }).click();
  await expect(page.getByText('Limite atteinte', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('a code that cannot be drawn says so on its card', async ({ page }) => {
  await signUp(page);
  // Longer than any QR code can hold.
  const qrCode = {
    id: '00000000-0000-4000-8000-000000000000',
    name: 'Trop long',
    qrData: `https://example.fr/${'x'.repeat(4000)}`,
    status: 'active',
    scanCount: 0,
    createdAt: new Date().toISOString(),
    menu: { id: '00000000-0000-4000-8000-000000000001', name: 'Carte' },
  };
  await page.route('**/api/qr-codes', (route) => route.fulfill({ json: { qrCodes: [qrCode] } }));
  await page.goto('/qr-codes');
  await expect(page.getByTestId('qr-card').getByText('Erreur de rendu du QR code')).toBeVisible();
});

test('the list draws its codes one after another (200 ms, then 100 ms apart)', async ({ page }) => {
  await signUp(page);
  const codes = ['A', 'B', 'C'].map((name, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    name: `Table ${name}`,
    qrData: `http://127.0.0.1/qr/00000000-0000-4000-8000-00000000000${index}`,
    status: 'active',
    scanCount: 0,
    createdAt: new Date().toISOString(),
    menu: { id: '00000000-0000-4000-8000-000000000009', name: 'Carte' },
  }));
  // The list is held back until the page's clock stands still: it then moves only as the test
  // runs it, so the delays are checked to the millisecond however busy the machine. The page
  // itself loads on a running clock (its code is a lazy chunk, which React reveals after a
  // timer: src/web/router.tsx). `runFor(0)` fires what is due now (the data layer's own 0 ms
  // timers), without moving time.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/qr-codes', async (route) => {
    await held;
    await route.fulfill({ json: { qrCodes: codes } });
  });
  await page.goto('/qr-codes');
  await expect(page.getByRole('heading', { name: 'Codes QR', level: 1 })).toBeVisible();
  await page.clock.install();
  await pauseClock(page);
  release();
  const drawings = page.getByTestId('qr-drawing');
  /** Waits until the first `count` codes are drawn and the others still wait. */
  const drawn = (count: number) =>
    expect
      .poll(async () => {
        await page.clock.runFor(0);
        return drawings.evaluateAll((all) => all.map((el) => el.getAttribute('data-state')));
      })
      .toEqual(codes.map((_, i) => (i < count ? 'drawn' : 'waiting')));
  await drawn(0);
  // The first one 200 ms after the list appears…
  await page.clock.runFor(199);
  await drawn(0);
  await page.clock.runFor(1);
  await drawn(1);
  // …then each one 100 ms after the previous drawing ended.
  for (const count of [2, 3]) {
    await page.clock.runFor(99);
    await drawn(count - 1);
    await page.clock.runFor(1);
    await drawn(count);
  }
  await page.clock.resume();
});

test('the generator shows the server validation message, or the generic error', async ({ page, baseURL }) => {
  await signUp(page);
  await seedMenu(page, baseURL!);
  const answers = [
    {
      status: 422,
      json: {
        error: {
          code: 'validation',
          message: 'Veuillez sélectionner un menu',
          fields: { menuId: 'Veuillez sélectionner un menu' },
        },
      },
    },
    {
      status: 500,
      json: { error: { code: 'internal', message: 'Une erreur inattendue est survenue. Veuillez réessayer.' } },
    },
  ];
  await page.route('**/api/qr-codes', (route) =>
    route.request().method() === 'POST' ? route.fulfill(answers.shift()!) : route.continue(),
  );
  await page.goto('/qr-codes');
  await page.getByRole('button', { name: 'Générer un code QR' }).click();
  const generator = page.getByTestId('qr-generator');
  await generator.getByLabel('Menu à lier').selectOption({ label: 'Carte du midi' });
  await generator.getByRole('button', { name: 'Générer le code QR' }).click();
  await expect(page.getByText('Erreur de validation')).toBeVisible();
  await expect(generator.getByRole('alert').filter({ hasText: 'Veuillez sélectionner un menu' })).toBeVisible();
  await generator.getByRole('button', { name: 'Générer le code QR' }).click();
  await expect(page.getByText('Erreur lors de la génération du code QR')).toBeVisible();
  await expect(generator).toBeVisible();
});
