import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { billingMessages, type BillingSubscription, type BillingType } from '../../../shared/api/billing.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Billing } from './provider.ts';
import { applySnapshot, readBillingSubscription, trialDaysFor } from './snapshot.ts';
import { enqueueEvent } from '../../domain/outbox.ts';

async function customerOfOrganisation(db: Kysely<DB>, organisationId: string): Promise<string | null> {
  return (
    (
      await db
        .selectFrom('subscriptions')
        .select('customer_id')
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst()
    )?.customer_id ?? null
  );
}

/** GET /api/billing/subscription: the organisation's plan, readable by every member. */
export async function getSubscription(
  db: Kysely<DB>,
  billing: Billing,
  organisationId: string,
  refresh: boolean,
): Promise<BillingSubscription> {
  if (refresh) {
    const customerId = await customerOfOrganisation(db, organisationId);
    if (customerId) {
      const snapshot = await billing.provider.fetchSnapshot(customerId);
      if (snapshot) await db.transaction().execute((trx) => applySnapshot(trx, organisationId, snapshot));
    }
  }
  return readBillingSubscription(db, organisationId, billing.provider.kind);
}

/** An owner starts the organisation's checkout (the route checks `billing:manage`). */
export async function startCheckout(
  db: Kysely<DB>,
  billing: Billing,
  actor: Actor & { email: string },
  tier: 'free' | 'premium',
  billingType: BillingType,
): Promise<{ url: string }> {
  if (tier === 'free')
    throw new AppError('validation', 422, billingMessages.alreadyFree, { tier: billingMessages.alreadyFree });
  const current = await readBillingSubscription(db, actor.organisationId, billing.provider.kind);
  if (current.subscribed) throw new AppError('validation', 422, billingMessages.alreadyPremium);
  const owner = {
    organisationId: actor.organisationId,
    userId: actor.userId,
    email: actor.email,
    customerId: await customerOfOrganisation(db, actor.organisationId),
  };
  const session = await billing.provider.createCheckout(
    owner,
    billingType,
    await trialDaysFor(db, actor.organisationId),
  );
  await db.transaction().execute(async (trx) => {
    if (session.customerId && !owner.customerId) {
      await trx
        .updateTable('subscriptions')
        .set({ customer_id: session.customerId, provider: billing.provider.kind })
        .where('organisation_id', '=', actor.organisationId)
        .where('customer_id', 'is', null)
        .execute();
    }
    await trx
      .insertInto('checkout_sessions')
      .values({
        id: session.sessionId,
        organisation_id: actor.organisationId,
        created_by: actor.userId,
        provider: billing.provider.kind,
        billing_type: billingType,
      })
      .execute();
    await enqueueEvent(trx, actor.userId, 'checkout_started', { tier, billing_type: billingType });
  });
  return { url: session.url };
}

export async function openPortal(db: Kysely<DB>, billing: Billing, organisationId: string): Promise<{ url: string }> {
  const customerId = await customerOfOrganisation(db, organisationId);
  if (!customerId) throw new AppError('validation', 422, billingMessages.noCustomer);
  return billing.provider.createPortal(customerId);
}

function customerOf(object: unknown): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const o = object as { object?: string; id?: string; customer?: string | { id: string } | null };
  if (o.object === 'customer' && o.id) return o.id;
  if (typeof o.customer === 'string') return o.customer;
  return o.customer?.id ?? null;
}

/**
 * Stripe webhook: the signature is checked on the raw body; each event id is recorded once
 * (a replay changes nothing); the event body is trusted only for the customer id, and the
 * subscription is re-read from Stripe, so events arriving out of order cannot regress it.
 */
export async function handleStripeWebhook(
  db: Kysely<DB>,
  billing: Billing,
  rawBody: string,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const stripe = billing.stripe;
  if (!stripe?.webhookSecret || !signature) throw new AppError('bad_request', 400, billingMessages.webhookSignature);
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(rawBody, signature, stripe.webhookSecret);
  } catch {
    throw new AppError('bad_request', 400, billingMessages.webhookSignature);
  }
  const customerId = customerOf(event.data.object);
  const snapshot = customerId ? await billing.provider.fetchSnapshot(customerId) : null;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('processed_webhook_events')
      .values({ event_id: event.id, provider: 'stripe', type: event.type })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return { duplicate: true };
    if (!customerId || !snapshot) return { duplicate: false };
    const owner = await trx
      .selectFrom('subscriptions')
      .select('organisation_id')
      .where('customer_id', '=', customerId)
      .forUpdate()
      .executeTakeFirst();
    if (owner) await applySnapshot(trx, owner.organisation_id, snapshot);
    if (event.type === 'checkout.session.completed') {
      await trx
        .updateTable('checkout_sessions')
        .set({ status: 'complete', completed_at: new Date() })
        .where('id', '=', (event.data.object as { id: string }).id)
        .execute();
    }
    return { duplicate: false };
  });
}
