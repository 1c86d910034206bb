import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueContactDeletion } from '../../domain/outbox.ts';

type Deps = Pick<AppDeps, 'db' | 'auth' | 'billing' | 'logger'>;

/** The password typed again, checked against the owner's credential (better-auth's hash). */
export async function checkOwnPassword(deps: Pick<AppDeps, 'db' | 'auth'>, userId: string, password: string): Promise<boolean> {
  const account = await deps.db
    .selectFrom('accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  if (!account?.password) return false;
  const context = await deps.auth.$context;
  return context.password.verify({ hash: account.password, password });
}

/**
 * « Supprimer mon compte » (RGPD art. 17), in this order, so a failure never leaves an owner
 * paying for an account that is gone:
 * 1. the password is checked;
 * 2. the Stripe subscription is cancelled and the customer erased (a failure stops here:
 *    nothing is deleted and the owner is told to try again);
 * 3. one transaction deletes the user row, and with it every owned row (foreign keys cascade:
 *    sessions, credentials, two-factor, profile, subscription, recipes, menus, sections,
 *    items, QR codes and scans, checkout sessions, idempotency keys), their queued and past
 *    CRM events and their reset links, and queues the deletion of their CRM contact.
 * The public pages of their menus answer « Menu non trouvé » from then on.
 */
export async function deleteAccount(deps: Deps, userId: string, password: string): Promise<void> {
  if (!(await checkOwnPassword(deps, userId, password))) {
    throw new AppError('validation', 422, messages.account.wrongPassword, { password: messages.account.wrongPassword });
  }

  const billing = await deps.db.selectFrom('subscriptions').select(['provider', 'customer_id']).where('user_id', '=', userId).executeTakeFirst();
  if (billing?.customer_id && billing.provider === deps.billing.provider.kind) {
    try {
      await deps.billing.provider.closeCustomer(billing.customer_id);
    } catch (error) {
      deps.logger.error('account deletion: the payment provider could not close the customer', { userId, error: String(error) });
      throw new AppError('unavailable', 503, messages.account.deleteBillingFailed);
    }
  }

  await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) return; // deleted by a concurrent request
    await trx.deleteFrom('event_outbox').where('user_id', '=', userId).execute();
    await trx.deleteFrom('verifications').where('value', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await enqueueContactDeletion(trx, user.email);
  });
  deps.logger.info('account deleted', { userId });
}

/** How many rows still refer to a user (tests and the reliability suite use it). */
export async function countOwnedRows(deps: Pick<AppDeps, 'db'>, userId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT (SELECT count(*) FROM users WHERE id = ${userId})
         + (SELECT count(*) FROM sessions WHERE user_id = ${userId})
         + (SELECT count(*) FROM accounts WHERE user_id = ${userId})
         + (SELECT count(*) FROM two_factors WHERE user_id = ${userId})
         + (SELECT count(*) FROM profiles WHERE id = ${userId})
         + (SELECT count(*) FROM subscriptions WHERE user_id = ${userId})
         + (SELECT count(*) FROM recipes WHERE user_id = ${userId})
         + (SELECT count(*) FROM menus WHERE user_id = ${userId})
         + (SELECT count(*) FROM qr_codes WHERE user_id = ${userId})
         + (SELECT count(*) FROM checkout_sessions WHERE user_id = ${userId})
         + (SELECT count(*) FROM idempotency_keys WHERE user_id = ${userId})
         + (SELECT count(*) FROM event_outbox WHERE user_id = ${userId})
         + (SELECT count(*) FROM verifications WHERE value = ${userId}) AS n`.execute(deps.db);
  return Number(rows[0]?.n ?? 0);
}
