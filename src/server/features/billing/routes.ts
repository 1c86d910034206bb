import { Hono } from 'hono';
import { checkoutSchema, demoPortalActionSchema } from '../../../shared/api/billing.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readJson, notFound } from '../../lib/http.ts';
import { cancelDemoCheckout, demoPortalAction, getDemoCheckout, payDemoCheckout } from './demo-service.ts';
import { getSubscription, handleStripeWebhook, openPortal, startCheckout } from './service.ts';

export function billingRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, billing } = deps;
  const app = new Hono<AppEnv>();

  // Called by Stripe, not by a browser: proven by its signature, not by a session or Origin.
  app.post('/webhook', async (c) => {
    const result = await handleStripeWebhook(db, billing, await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, duplicate: result.duplicate });
  });

  // The plan is the organisation's: every member reads it, only owners pay or manage it.
  const manage = allow('billing:manage');
  app.use('*', requireUser(deps));
  app.get('/subscription', async (c) =>
    c.json(await getSubscription(db, billing, c.var.org.id, c.req.query('refresh') === '1')),
  );
  app.post('/checkout', manage, async (c) => {
    const { tier, billingType } = await readJson(c, checkoutSchema);
    return c.json(await startCheckout(db, billing, { ...actorOf(c), email: c.var.user.email }, tier, billingType));
  });
  app.post('/portal', manage, async (c) => c.json(await openPortal(db, billing, c.var.org.id)));

  app.use('/demo/*', async (_c, next) => {
    if (billing.provider.kind !== 'demo') throw notFound();
    await next();
  });
  app.get('/demo/checkout/:id', async (c) => c.json(await getDemoCheckout(db, c.var.org.id, c.req.param('id'))));
  app.post('/demo/checkout/:id/pay', manage, async (c) =>
    c.json(await payDemoCheckout(db, c.var.org.id, c.req.param('id'))),
  );
  app.post('/demo/checkout/:id/cancel', manage, async (c) =>
    c.json(await cancelDemoCheckout(db, c.var.org.id, c.req.param('id'))),
  );
  app.post('/demo/portal', manage, async (c) => {
    const { action } = await readJson(c, demoPortalActionSchema);
    await demoPortalAction(db, c.var.org.id, action);
    return c.json(await getSubscription(db, billing, c.var.org.id, false));
  });
  return app;
}
