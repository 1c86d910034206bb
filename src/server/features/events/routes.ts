import { Hono } from 'hono';
import { z } from '../../../shared/zod-fr.ts';
import { messages } from '../../../shared/messages.ts';
import { pageTypeFor } from '../../../shared/page-types.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { RateLimitedError } from '../../lib/errors.ts';
import { readJson } from '../../lib/http.ts';
import { countAttempt, type RateRule } from '../../lib/rate-limit.ts';
import { recordPageView } from './page-views.ts';

const pageViewSchema = z.object({ path: z.string().startsWith('/').max(300) });

/**
 * Page views recorded per signed-in owner: far more than anyone reads pages, few enough that
 * a script cannot fill the outbox (each view is a row, then a CRM call).
 */
export const PAGE_VIEW_RULE: RateRule = { max: 60, windowSeconds: 60 };

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
    const rate = await countAttempt(deps.db, `page-views:${session.user.id}`, PAGE_VIEW_RULE);
    if (!rate.allowed) throw new RateLimitedError(messages.generic.rateLimited, rate.retryAfterSeconds);
    await recordPageView(deps.db, session.user.id, pageType, path);
    return c.body(null, 204);
  });
  return app;
}
