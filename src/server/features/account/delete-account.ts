import { sql, type Kysely, type Transaction } from 'kysely';
import { organisationMessages } from '../../../shared/api/organisations.ts';
import { messages } from '../../../shared/messages.ts';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { enqueueContactDeletion } from '../../domain/outbox.ts';
import { lockOrganisation } from '../../domain/plan-limits.ts';
import { AppError } from '../../lib/errors.ts';

type Deps = Pick<AppDeps, 'db' | 'auth' | 'billing' | 'logger'>;

/** The password typed again, checked against the owner's credential (better-auth's hash). */
export async function checkOwnPassword(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  userId: string,
  password: string,
): Promise<boolean> {
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

interface MembershipFate {
  organisationId: string;
  name: string;
  role: string;
  provider: string | null;
  customerId: string | null;
  /** `delete`: the account is its only member; `leave`: only the membership goes; `blocked`: its last owner, with other members. */
  fate: 'delete' | 'leave' | 'blocked';
}

/** What deleting the account does to each of its organisations (docs/product/organisations.md « Account deletion and export »). */
async function membershipFates(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<MembershipFate[]> {
  const { rows } = await sql<{
    organisation_id: string;
    name: string;
    role: string;
    provider: string | null;
    customer_id: string | null;
    members: number;
    owners: number;
  }>`
    SELECT o.id AS organisation_id, o.name, m.role, s.provider, s.customer_id,
           (SELECT count(*) FROM memberships x WHERE x.organisation_id = o.id)::int AS members,
           (SELECT count(*) FROM memberships x WHERE x.organisation_id = o.id AND x.role = 'owner')::int AS owners
    FROM memberships m
    JOIN organisations o ON o.id = m.organisation_id
    LEFT JOIN subscriptions s ON s.organisation_id = o.id
    WHERE m.user_id = ${userId}
    ORDER BY o.id`.execute(db);
  return rows.map((r) => ({
    organisationId: r.organisation_id,
    name: r.name,
    role: r.role,
    provider: r.provider,
    customerId: r.customer_id,
    fate: r.members === 1 ? 'delete' : r.role === 'owner' && r.owners === 1 ? 'blocked' : 'leave',
  }));
}

function refuseWhenLastOwner(fates: MembershipFate[]): void {
  const blocked = fates.filter((f) => f.fate === 'blocked').map((f) => f.name);
  if (blocked.length > 0) throw new AppError('conflict', 409, organisationMessages.transferOwnershipFirst(blocked));
}

/**
 * « Supprimer mon compte » (RGPD art. 17), in this order, so a failure never leaves an
 * organisation paying for an account that is gone:
 * 1. the password is checked;
 * 2. an account that is the last owner of an organisation with other members is refused
 *    (409 `conflict`, naming them: ownership is handed over first);
 * 3. the Stripe customers of the organisations it is the only member of are closed (a
 *    failure stops here: nothing is deleted and the owner is told to try again);
 * 4. one transaction, with those organisations locked and the rule checked again: those
 *    organisations are deleted with everything they hold (foreign keys cascade: members,
 *    invitations, establishments, subscription, recipes, menus, sections, items, QR codes and
 *    scans, checkout sessions, history); in the others the account leaves (a `left` line in
 *    their history) and the rows it created stay, without its id; then the user row goes
 *    with its sessions, credentials and two-factor rows, its queued and past CRM events and
 *    reset links, and the deletion of its CRM contact is queued.
 * The public pages of the deleted organisations' menus answer « Menu non trouvé » from then on.
 */
export async function deleteAccount(deps: Deps, userId: string, password: string): Promise<void> {
  if (!(await checkOwnPassword(deps, userId, password))) {
    throw new AppError('validation', 422, messages.account.wrongPassword, { password: messages.account.wrongPassword });
  }
  const fates = await membershipFates(deps.db, userId);
  refuseWhenLastOwner(fates);

  for (const organisation of fates.filter((f) => f.fate === 'delete')) {
    if (!organisation.customerId || organisation.provider !== deps.billing.provider.kind) continue;
    try {
      await deps.billing.provider.closeCustomer(organisation.customerId);
    } catch (error) {
      deps.logger.error('account deletion: the payment provider could not close the customer', {
        userId,
        error: String(error),
      });
      throw new AppError('unavailable', 503, messages.account.deleteBillingFailed);
    }
  }

  await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) return; // deleted by a concurrent request
    for (const { organisationId } of fates) await lockOrganisation(trx, organisationId);
    const now = await membershipFates(trx, userId);
    refuseWhenLastOwner(now);
    for (const organisation of now) {
      if (organisation.fate === 'delete') {
        await trx.deleteFrom('organisations').where('id', '=', organisation.organisationId).execute();
      } else {
        await recordAudit(
          trx,
          { userId, organisationId: organisation.organisationId },
          {
            action: 'left',
            entity: { type: 'member', id: userId, name: (await displayName(trx, userId)) ?? user.email },
            details: { role: organisation.role, accountDeleted: true },
          },
        );
      }
    }
    await trx.deleteFrom('event_outbox').where('user_id', '=', userId).execute();
    await trx.deleteFrom('verifications').where('value', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await enqueueContactDeletion(trx, user.email);
  });
  deps.logger.info('account deleted', { userId });
}

async function displayName(trx: Transaction<DB>, userId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('users')
    .select(sql<string>`user_display_name(name, email)`.as('name'))
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}

/**
 * How many rows still refer to an account (tests and the reliability suite use it): its own
 * rows, the rows it created or confirmed anywhere, its history lines, and every row of the
 * organisations it is the only member of.
 */
export async function countOwnedRows(deps: Pick<AppDeps, 'db'>, userId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    WITH solo AS (
      SELECT m.organisation_id AS id FROM memberships m
      WHERE m.user_id = ${userId} AND (SELECT count(*) FROM memberships x WHERE x.organisation_id = m.organisation_id) = 1
    )
    SELECT (SELECT count(*) FROM users WHERE id = ${userId})
         + (SELECT count(*) FROM sessions WHERE user_id = ${userId})
         + (SELECT count(*) FROM accounts WHERE user_id = ${userId})
         + (SELECT count(*) FROM two_factors WHERE user_id = ${userId})
         + (SELECT count(*) FROM memberships WHERE user_id = ${userId})
         + (SELECT count(*) FROM idempotency_keys WHERE user_id = ${userId})
         + (SELECT count(*) FROM event_outbox WHERE user_id = ${userId})
         + (SELECT count(*) FROM verifications WHERE value = ${userId})
         + (SELECT count(*) FROM recipes WHERE created_by = ${userId} OR allergens_confirmed_by = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM menus WHERE created_by = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM qr_codes WHERE created_by = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM checkout_sessions WHERE created_by = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM establishments WHERE created_by = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM audit_events WHERE actor_id = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM invitations WHERE invited_by = ${userId} OR accepted_by = ${userId} OR organisation_id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM organisations WHERE id IN (SELECT id FROM solo))
         + (SELECT count(*) FROM subscriptions WHERE organisation_id IN (SELECT id FROM solo)) AS n`.execute(deps.db);
  return Number(rows[0]?.n ?? 0);
}
