import { Hono } from 'hono';
import { z } from '../../../shared/zod-fr.ts';
import { pageTypeFor } from '../../../shared/page-types.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { readJson } from '../../lib/http.ts';
import { enqueueEvent } from './outbox.ts';

const pageViewSchema = z.object({ path: z.string().startsWith('/').max(300) });

/**
 * First-party page tracking: a signed-in owner's page views go to their CRM contact through
 * the outbox. No third-party script is involved, and the public menu page sends nothing.
 */
export function trackingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/page-views', async (c) => {
    const { path } = await readJson(c, pageViewSchema);
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return c.body(null, 204);
    const pageType = pageTypeFor(path);
    if (pageType === 'menu') return c.body(null, 204);
    await deps.db.transaction().execute((trx) => enqueueEvent(trx, session.user.id, 'page_viewed', { page_type: pageType, path }));
    return c.body(null, 204);
  });
  return app;
}
