import { Hono, type Context } from 'hono';
import { apiKeyCreateSchema, webhookCreateSchema, webhookUpdateSchema } from '../../../shared/api/integrations.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readJson } from '../../lib/http.ts';
import { createApiKey, listApiCalls, listApiKeys, revokeApiKey } from './keys.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  updateWebhook,
  type EndpointPolicy,
} from './webhooks.ts';

/** `If-Match: "3"` → 3 (docs/product/api.md « Versions and conflicts »). */
function ifMatchVersion(c: Context): number | undefined {
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(c.req.header('if-match') ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * « Intégrations » (docs/product/integrations.md), under /api/integrations: the organisation's
 * API keys and webhook endpoints, for its owners only (src/shared/permissions.ts
 * `integrations:manage`); every other member gets 403.
 */
export function integrationRoutes(deps: AppDeps, policy: EndpointPolicy): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps), allow('integrations:manage'));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/keys', async (c) => c.json({ keys: await listApiKeys(db, c.var.org.id) }));
  app.post('/keys', async (c) =>
    c.json(await createApiKey(db, actorOf(c), await readJson(c, apiKeyCreateSchema)), 201),
  );
  app.delete('/keys/:id', async (c) => {
    await revokeApiKey(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  app.get('/keys/:id/calls', async (c) => c.json({ calls: await listApiCalls(db, c.var.org.id, c.req.param('id')) }));

  app.get('/webhooks', async (c) => c.json({ webhooks: await listWebhooks(db, c.var.org.id) }));
  app.post('/webhooks', async (c) =>
    c.json(await createWebhook(db, actorOf(c), await readJson(c, webhookCreateSchema), policy), 201),
  );
  app.patch('/webhooks/:id', async (c) => {
    const { version, ...input } = await readJson(c, webhookUpdateSchema);
    return c.json(await updateWebhook(db, actorOf(c), c.req.param('id'), input, version ?? ifMatchVersion(c), policy));
  });
  app.delete('/webhooks/:id', async (c) => {
    await deleteWebhook(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  app.get('/webhooks/:id/deliveries', async (c) =>
    c.json({ deliveries: await listDeliveries(db, c.var.org.id, c.req.param('id')) }),
  );
  app.post('/deliveries/:id/resend', async (c) =>
    c.json(await resendDelivery(db, c.var.org.id, c.req.param('id')), 201),
  );
  return app;
}
