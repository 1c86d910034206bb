import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../src/server/domain/webhooks/signature.ts';
import { expect, test } from './test.ts';
import { calmScreenshot, LAPTOP, openOrganisationPage, PHONE, seedMenu, signUp } from './fixtures.ts';

/**
 * « Intégrations » (docs/product/integrations.md): an owner creates an API key and reads the
 * menus with it, registers a webhook to a receiver on this machine that checks the signature,
 * marks a dish « Épuisé » through the API, sees the signed event arrive and in the delivery
 * log, and sends it again with « Renvoyer ». Then the page at phone width.
 */
interface Received {
  id: string;
  type: string;
  data: { available?: boolean };
  verified: boolean;
}

let receiver: Server;
let receiverUrl = '';
let secret = '';
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const verified = verifyWebhookSignature(secret, body, req.headers['nutricarte-signature'] as string).ok;
      const event = JSON.parse(body) as Omit<Received, 'verified'>;
      received.push({ ...event, verified });
      res.writeHead(verified ? 200 : 400).end();
    });
  });
  // The port after the app's (E2E_PORT + 1): a receiver on this machine, as in development.
  const port = Number(process.env.E2E_PORT ?? 3210) + 1;
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('an owner connects a till: an API key, a signed webhook on « Épuisé », the delivery log and « Renvoyer »', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000); // a walk of four screens and a worker pass (1 s) per delivery
  const origin = baseURL!;
  await page.setViewportSize(LAPTOP);
  await signUp(page);
  const menuId = await seedMenu(page, origin);
  await openOrganisationPage(page, 'Intégrations');
  await expect(page.getByRole('heading', { name: 'Intégrations', level: 1 })).toBeVisible();

  // A key for the till: read the menus, mark dishes « Épuisé ».
  const keyForm = page.getByRole('form', { name: 'Nouvelle clé d’API' });
  await keyForm.getByLabel('Nom de la clé').fill('Caisse du bar');
  await keyForm.getByRole('checkbox', { name: /availability:write/ }).check();
  await keyForm.getByRole('button', { name: 'Créer la clé' }).click();
  const key = await page.getByLabel('Clé d’API', { exact: true }).inputValue();
  expect(key).toMatch(/^nc_live_/);

  const auth = { Authorization: `Bearer ${key}` };
  const menus = await page.request.get('/api/v1/menus', { headers: auth });
  expect(menus.status()).toBe(200);
  const [menu] = (await menus.json()).menus as { id: string; sections: { items: { id: string; name: string }[] }[] }[];
  expect(menu!.id).toBe(menuId);
  const dish = menu!.sections[0]!.items[0]!;

  // A webhook to the receiver, for « Épuisé »; its secret is shown once.
  const hookForm = page.getByRole('form', { name: 'Nouveau webhook' });
  await hookForm.getByLabel('Adresse du webhook').fill(receiverUrl);
  await hookForm.getByRole('button', { name: 'Enregistrer le webhook' }).click();
  secret = await page.getByLabel('Secret de signature').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await calmScreenshot(page, 'integrations-1280');

  // The till marks the dish sold out: the diners' page says it, the receiver gets a signed event.
  const soldOut = await page.request.put(`/api/v1/items/${dish.id}/availability`, {
    headers: auth,
    data: { available: false },
  });
  expect(soldOut.status()).toBe(200);
  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(received[0]).toMatchObject({ type: 'item.availability_changed', data: { available: false }, verified: true });
  const diners = await page.request.get(`/menu/${menuId}`);
  expect(await diners.text()).toContain('Épuisé');

  // The delivery log shows it received; « Renvoyer » sends the same event again.
  const hooks = page.getByRole('list', { name: 'Webhooks' });
  await hooks.getByRole('button', { name: 'Envois' }).click();
  const log = page.getByRole('list', { name: 'Envois du webhook' });
  await expect(log.getByText('Reçu')).toBeVisible();
  await expect(log).toContainText('réponse 200');
  await log.getByRole('button', { name: 'Renvoyer' }).first().click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  expect(received[1]!.id).toBe(received[0]!.id);
  expect(received[1]!.verified).toBe(true);

  // The key's calls, in the audit trail of the page.
  const keys = page.getByRole('list', { name: 'Clés d’API' });
  await keys.getByRole('button', { name: 'Derniers appels' }).click();
  await expect(keys.getByRole('table')).toContainText(`PUT /api/v1/items/${dish.id}/availability`);
  await calmScreenshot(page, 'integrations-log-1280');

  // The embed's snippet names the menu and the script.
  await expect(page.getByLabel('Code à coller (recommandé)')).toHaveValue(
    new RegExp(`<script src="${origin}/embed.js" data-menu="${menuId}"`),
  );

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Clés d’API' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await calmScreenshot(page, 'integrations-360');
});
