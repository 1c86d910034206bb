import { Hono } from 'hono';
import { checkoutSchema, demoPortalActionSchema } from '../../../shared/api/billing.ts';
import { requireUser } from '../../auth/require-user.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
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

  app.use('*', requireUser(deps));
  app.get('/subscription', async (c) => c.json(await getSubscription(db, billing, c.var.user.id, c.req.query('refresh') === '1')));
  app.post('/checkout', async (c) => {
    const { tier, billingType } = await readJson(c, checkoutSchema);
    return c.json(await startCheckout(db, billing, c.var.user, tier, billingType));
  });
  app.post('/portal', async (c) => c.json(await openPortal(db, billing, c.var.user.id)));

  app.use('/demo/*', async (_c, next) => {
    if (billing.provider.kind !== 'demo') throw notFound();
    await next();
  });
  app.get('/demo/checkout/:id', async (c) => c.json(await getDemoCheckout(db, c.var.user.id, c.req.param('id'))));
  app.post('/demo/checkout/:id/pay', async (c) => c.json(await payDemoCheckout(db, c.var.user.id, c.req.param('id'))));
  app.post('/demo/checkout/:id/cancel', async (c) => c.json(await cancelDemoCheckout(db, c.var.user.id, c.req.param('id'))));
  app.post('/demo/portal', async (c) => {
    const { action } = await readJson(c, demoPortalActionSchema);
    await demoPortalAction(db, c.var.user.id, action);
    return c.json(await getSubscription(db, billing, c.var.user.id, false));
  });
  return app;
}
