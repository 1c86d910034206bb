import { Hono } from 'hono';
import { requireAdmin, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { environment, outboxSummary, retryOutbox } from './service.ts';

/** /api/admin: the admin role only (ADMIN_EMAILS); others get 403 (docs/product/decisions.md 7). */
export function adminRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps), requireAdmin());
  app.get('/environment', (c) => c.json(environment(deps)));
  app.get('/outbox', async (c) => c.json(await outboxSummary(deps.db)));
  app.post('/outbox/retry', async (c) => c.json({ retried: await retryOutbox(deps.db) }));
  return app;
}
