import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookSender } from '../../domain/webhooks/deliver.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../domain/webhooks/signature.ts';
import { createLogger } from '../../lib/logger.ts';
import { createOutboxWorker } from './worker.ts';
import { createLogCrm } from './log-crm.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { makePremium } from '../../test/teams.ts';

/** Webhooks through the outbox (docs/product/integrations.md « Webhooks »). */
interface Received {
  body: string;
  event: { id: string; type: string; data: Record<string, unknown> };
  verified: boolean;
}

let t: TestApp;
let owner: SignedUpUser;
let receiver: Server;
let receiverUrl: string;
let answer = 200;
let secret = '';
const received: Received[] = [];

const as = (user: SignedUpUser) => ({
  post: (path: string, body: unknown = {}) => t.request('POST', path, { cookie: user.cookie, body }),
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  patch: (path: string, body: unknown, headers?: Record<string, string>) =>
    t.request('PATCH', path, { cookie: user.cookie, body, ...(headers ? { headers } : {}) }),
});

const worker = () =>
  createOutboxWorker(t.db, createLogCrm(), createLogger('silent'), {
    webhooks: createWebhookSender({ allowPrivate: true, timeoutMs: 5_000 }),
    backoffBaseMs: 60_000,
  });

const webhookRows = () =>
  t.db
    .selectFrom('event_outbox')
    .select(['id', 'name', 'payload', 'status', 'attempts', 'response_status', 'webhook_endpoint_id'])
    .where('kind', '=', 'webhook')
    .orderBy('id')
    .execute();

let menuId: string;
let sectionId: string;
const itemIds: string[] = [];
let recipeId: string;
let endpointId: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const verified = verifyWebhookSignature(secret, body, req.headers[SIGNATURE_HEADER.toLowerCase()] as string).ok;
      received.push({ body, event: JSON.parse(body), verified });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  t = await createTestApp();
  owner = await t.signUp();
  menuId = (await as(owner).post('/api/menus', { name: 'Carte' })).body.id;
  sectionId = (await as(owner).post(`/api/menus/${menuId}/sections`, { name: 'Plats' })).body.id;
  recipeId = (
    await as(owner).post('/api/recipes', {
      name: 'Soupe',
      servings: 2,
      ingredients: [{ code: '4003', quantity: 300, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    })
  ).body.id;
  for (const name of ['Eau', 'Café', 'Thé'])
    itemIds.push((await as(owner).post(`/api/sections/${sectionId}/items`, { name, price: 2, allergens: [] })).body.id);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  answer = 200;
  await t.db.deleteFrom('event_outbox').where('kind', '=', 'webhook').execute();
});

describe('endpoints', () => {
  it('registers an endpoint, shows its secret once, and lists it without', async () => {
    const res = await as(owner).post('/api/integrations/webhooks', {
      url: receiverUrl,
      events: ['item.availability_changed', 'menu.updated', 'recipe.updated', 'meal_plan.published'],
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_/);
    secret = res.body.secret;
    endpointId = res.body.id;
    const list = await as(owner).get('/api/integrations/webhooks');
    expect(list.body.webhooks).toEqual([expect.objectContaining({ id: endpointId, url: receiverUrl, version: 1 })]);
    expect(list.text).not.toContain(secret);
  });

  it('refuses to send to a private address in production even when the name changed after registration', async () => {
    const send = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000 });
    await expect(
      send({ url: receiverUrl, secret, payload: { id: 'evt_x', type: 'menu.updated' } }),
    ).rejects.toMatchObject({ permanent: true });
    expect(received).toHaveLength(0);
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    const stale = await as(owner).patch(`/api/integrations/webhooks/${endpointId}`, { active: false, version: 9 });
    expect(stale.status).toBe(409);
    const ifMatch = await as(owner).patch(
      `/api/integrations/webhooks/${endpointId}`,
      { events: ['menu.updated'] },
      {
        'if-match': '"1"',
      },
    );
    expect(ifMatch.body.version).toBe(2);
    const back = await as(owner).patch(`/api/integrations/webhooks/${endpointId}`, {
      events: ['item.availability_changed', 'menu.updated', 'recipe.updated', 'meal_plan.published'],
    });
    expect([back.body.version, back.body.active]).toEqual([3, true]);
  });
});

describe('events', () => {
  it('writes item.availability_changed and one menu.updated per transaction, then delivers them signed', async () => {
    await as(owner).put(`/api/items/${itemIds[0]}/sold-out`, { soldOut: true });
    const rows = await webhookRows();
    expect(rows.map((r) => r.name).sort()).toEqual(['item.availability_changed', 'menu.updated']);
    const availability = rows.find((r) => r.name === 'item.availability_changed')!;
    expect(availability.payload).toMatchObject({
      type: 'item.availability_changed',
      organisationId: owner.organisationId,
      data: { itemId: itemIds[0], menuId, name: 'Eau', available: false },
    });
    await worker().runOnce();
    expect(received.map((r) => [r.event.type, r.verified])).toEqual(
      expect.arrayContaining([
        ['item.availability_changed', true],
        ['menu.updated', true],
      ]),
    );
    expect((await webhookRows()).map((r) => [r.status, r.response_status])).toEqual([
      ['delivered', 200],
      ['delivered', 200],
    ]);
  });

  it('coalesces a move that renumbers every item of the menu into one menu.updated', async () => {
    await as(owner).post(`/api/items/${itemIds[2]}/move`, { position: 0 });
    const rows = await webhookRows();
    expect(rows.map((r) => r.name)).toEqual(['menu.updated']);
  });

  it('announces recipe.updated and meal_plan.published', async () => {
    await as(owner).put(`/api/recipes/${recipeId}`, {
      name: 'Soupe de légumes',
      servings: 2,
      ingredients: [{ code: '4003', quantity: 300, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    });
    await makePremium(t, owner.organisationId);
    const establishment = (await as(owner).get('/api/establishments')).body.establishments[0].id;
    await as(owner).put(`/api/meal-plans/${establishment}/2026-09-07/dejeuner`, {
      components: [{ slot: 'plat', recipeId }],
    });
    const published = await as(owner).post(`/api/meal-plans/${establishment}/publish`, { week: '2026-09-07' });
    expect(published.status, published.text).toBe(200);
    const rows = await webhookRows();
    expect(rows.find((r) => r.name === 'recipe.updated')?.payload).toMatchObject({
      data: { recipeId, name: 'Soupe de légumes' },
    });
    expect(rows.find((r) => r.name === 'meal_plan.published')?.payload).toMatchObject({
      data: { establishmentId: establishment, week: '2026-09-07', dishes: 1 },
    });
  });

  it('keeps a failed delivery pending with its status, and « Renvoyer » queues the same event again', async () => {
    answer = 500;
    await as(owner).put(`/api/items/${itemIds[1]}/sold-out`, { soldOut: true });
    await worker().runOnce();
    const failed = (await webhookRows()).map((r) => [r.status, r.attempts, r.response_status]);
    expect(failed).toEqual([
      ['pending', 1, 500],
      ['pending', 1, 500],
    ]);
    const log = await as(owner).get(`/api/integrations/webhooks/${endpointId}/deliveries`);
    expect(log.body.deliveries[0]).toMatchObject({ status: 'pending', responseStatus: 500, attempts: 1 });
    expect(log.body.deliveries[0].nextAttemptAt).not.toBeNull();

    answer = 200;
    received.length = 0;
    const first = log.body.deliveries.at(-1);
    const resent = await as(owner).post(`/api/integrations/deliveries/${first.id}/resend`);
    expect(resent.status).toBe(201);
    expect(resent.body.eventId).toBe(first.eventId);
    await worker().runOnce();
    expect(received.map((r) => r.event.id)).toEqual([first.eventId]);
    expect(received[0]!.verified).toBe(true);
  });

  it('sends nothing to an endpoint switched off, nor for another organisation’s changes', async () => {
    const stranger = await t.signUp();
    const theirs = (await as(stranger).post('/api/menus', { name: 'Autre carte' })).body;
    await as(stranger).post(`/api/menus/${theirs.id}/sections`, { name: 'Plats' });
    expect(await webhookRows()).toEqual([]);
    expect(
      (await as(stranger).post(`/api/integrations/deliveries/1/resend`)).status,
      'another organisation’s delivery',
    ).toBe(404);
    await as(owner).patch(`/api/integrations/webhooks/${endpointId}`, { active: false });
    await as(owner).put(`/api/items/${itemIds[0]}/sold-out`, { soldOut: false });
    expect(await webhookRows()).toEqual([]);
  });
});
