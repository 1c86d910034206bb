import { expect, test } from './test.ts';
import { LAPTOP, PHONE, screenshot, signUp, uniqueEmail } from './fixtures.ts';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAILS?.split(',')[0] ?? 'admin@e2e.nutricarte.test';

test('an admin sees the three tabs and the event outbox', async ({ page }) => {
  await signUp(page, ADMIN_EMAIL, 'Administration NutriCarte');
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
    for (const tab of ['Environnement', 'Sécurité', 'Paramètres'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByText('Détecté dans le navigateur')).toBeVisible();
    const outbox = page.getByTestId('outbox-panel');
    await expect(outbox).toContainText('Événements marketing (CRM)');
    await expect(outbox).toContainText('En attente');
    await expect(outbox).toContainText('Livrés');
    await screenshot(page, `admin-${viewport.width}`);
  }
  await page.getByRole('tab', { name: 'Sécurité' }).click();
  await expect(page.getByText('Protection CSRF')).toBeVisible();
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  await expect(page.getByText('Cette section sera disponible dans une prochaine version.')).toBeVisible();
});

test('a signed-in owner who is not an admin gets « Accès refusé », and the admin API answers 403', async ({ page }) => {
  await signUp(page, uniqueEmail('cuisinier'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expect(page.getByText('Vous n’avez pas les permissions nécessaires')).toBeVisible();
  const res = await page.request.get('/api/admin/outbox');
  expect(res.status()).toBe(403);
});
