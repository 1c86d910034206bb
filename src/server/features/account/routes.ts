import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context.ts';
import { requireUser } from '../../auth/require-user.ts';
import { getAccountSummary } from './service.ts';

export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/me', requireUser(deps), async (c) => c.json(await getAccountSummary(deps.db, c.var.user)));
  return app;
}
