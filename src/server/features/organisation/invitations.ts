import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  organisationMessages as m,
  type AcceptedInvitation,
  type InvitationCreateInput,
  type InvitationPreview,
  type InvitationStatus,
  type PendingInvitation,
} from '../../../shared/api/organisations.ts';
import type { MemberRole } from '../../../shared/permissions.ts';
import type { ActiveOrganisation, Actor, SessionUser } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { setActiveOrganisation } from '../../domain/active-organisation.ts';
import { recordAudit } from '../../domain/audit.ts';
import { enqueueEvent } from '../../domain/outbox.ts';
import { assertWithinPlanLimit, lockOrganisation } from '../../domain/plan-limits.ts';
import { AppError, RateLimitedError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { invitationMail, invitationUrl } from './invitation-mail.ts';

/** An invitation is valid 7 days (docs/product/organisations.md « Invitations »). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only the SHA-256 of a token is stored: the database alone cannot open an invitation. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/organisation/invitations (owners, Premium): replaces a pending invitation of the
 * same address, checks the plan (members and pending invitations, under the organisation's
 * lock), and mails the link before the transaction commits: an invitation whose mail could
 * not leave is not kept (503, « réessayez »), and none is left without its audit line and
 * its `member_invited` event.
 */
/** Invitations an organisation may send in an hour: a team is invited in a few, not by dozens. */
export const INVITATIONS_PER_HOUR = 20;

/** 429 past INVITATIONS_PER_HOUR in the last hour, counted under the organisation's lock. */
async function assertInvitationRate(trx: Transaction<DB>, organisationId: string): Promise<void> {
  const { n } = await trx
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(n) >= INVITATIONS_PER_HOUR) throw new RateLimitedError(m.invitationsPerHour(INVITATIONS_PER_HOUR), 3600);
}

export async function createInvitation(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  actor: Actor,
  input: Required<InvitationCreateInput>,
): Promise<PendingInvitation> {
  const token = randomBytes(32).toString('base64url');
  return deps.db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    const member = await trx
      .selectFrom('memberships as ms')
      .innerJoin('users as u', 'u.id', 'ms.user_id')
      .select('ms.user_id')
      .where('ms.organisation_id', '=', actor.organisationId)
      .where(sql<string>`lower(u.email)`, '=', input.email)
      .executeTakeFirst();
    if (member) throw new AppError('validation', 422, m.alreadyMember, { email: m.alreadyMember });
    await assertInvitationRate(trx, actor.organisationId);
    await trx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('organisation_id', '=', actor.organisationId)
      .where('email', '=', input.email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await assertWithinPlanLimit(trx, actor.organisationId, 'members');
    const row = await trx
      .insertInto('invitations')
      .values({
        organisation_id: actor.organisationId,
        email: input.email,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: actor.userId,
        expires_at: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning(['id', 'email', 'role', 'expires_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'invited',
      entity: { type: 'invitation', id: row.id, name: row.email },
      details: { role: row.role },
    });
    await enqueueEvent(trx, actor.userId, 'member_invited', { organisation_id: actor.organisationId, role: row.role });
    const names = await trx
      .selectFrom('organisations as o')
      .innerJoin('users as u', (join) => join.on('u.id', '=', actor.userId))
      .select(['o.name as organisation_name', sql<string>`user_display_name(u.name, u.email)`.as('invited_by')])
      .where('o.id', '=', actor.organisationId)
      .executeTakeFirstOrThrow();
    const mail = invitationMail(row.email, {
      organisationName: names.organisation_name,
      invitedBy: names.invited_by,
      role: row.role,
      url: invitationUrl(deps.config.publicOrigin, token),
    });
    try {
      await deps.mailer.send(mail);
    } catch {
      throw new AppError('unavailable', 503, m.invitationMailFailed);
    }
    return { id: row.id, email: row.email, role: row.role, expiresAt: row.expires_at.toISOString() };
  });
}

/** DELETE /api/organisation/invitations/:id (owners): a pending invitation stops working. */
export async function revokeInvitation(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(trx, actor, {
      action: 'revoked',
      entity: { type: 'invitation', id, name: row.email },
      details: { role: row.role },
    });
  });
}

const statusOf = (
  row: { accepted_at: Date | null; revoked_at: Date | null; expires_at: Date },
  now = new Date(),
): InvitationStatus =>
  row.accepted_at
    ? 'used'
    : row.revoked_at
      ? 'revoked'
      : row.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'valid';

const invalidLink = () => new AppError('not_found', 404, m.invitationInvalid);

/** GET /api/invitations/:token: what the invitation page shows to whoever has the link; 404 for an unknown token. */
export async function previewInvitation(db: Kysely<DB>, token: string): Promise<InvitationPreview> {
  if (!TOKEN_FORMAT.test(token)) throw invalidLink();
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'o.name',
      'i.email',
      'i.role',
      'i.accepted_at',
      'i.revoked_at',
      'i.expires_at',
      sql<string | null>`user_display_name(u.name, u.email)`.as('invited_by'),
    ])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw invalidLink();
  return {
    organisationName: row.name,
    invitedBy: row.invited_by,
    email: row.email,
    role: row.role,
    status: statusOf(row),
  };
}

/**
 * POST /api/invitations/:token/accept: signed in with the invited address, once, within 7
 * days, and within the organisation's plan. The account becomes a member with the invited
 * role and the organisation its active one; `joined` in its history, `member_joined` in the
 * outbox, in the same transaction.
 */
export async function acceptInvitation(
  db: Kysely<DB>,
  user: SessionUser,
  token: string,
): Promise<ActiveOrganisation & AcceptedInvitation> {
  if (!TOKEN_FORMAT.test(token)) throw invalidLink();
  return db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .select(['id', 'organisation_id', 'email', 'role', 'accepted_at', 'revoked_at', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) throw invalidLink();
    if (statusOf(invitation) !== 'valid') throw new AppError('conflict', 409, m.invitationInvalid);
    if (invitation.email !== user.email.toLowerCase()) throw new AppError('forbidden', 403, m.invitationOtherEmail);
    const organisationId = invitation.organisation_id;
    const actor = { userId: user.id, organisationId };
    await lockOrganisation(trx, organisationId);
    const existing = await trx
      .selectFrom('memberships')
      .select('role')
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    // Already a member (joined through another link): the invitation is used up, the role kept.
    const role: MemberRole = existing?.role ?? invitation.role;
    if (!existing) {
      // The pending invitation is already counted: accepting adds no one (0).
      await assertWithinPlanLimit(trx, organisationId, 'members', 0);
      await trx
        .insertInto('memberships')
        .values({ organisation_id: organisationId, user_id: user.id, role: invitation.role })
        .execute();
      await recordAudit(trx, actor, {
        action: 'joined',
        entity: { type: 'member', id: user.id, name: await nameOf(trx, user.id) },
        details: { role },
      });
      await enqueueEvent(trx, user.id, 'member_joined', { organisation_id: organisationId, role });
    }
    await trx
      .updateTable('invitations')
      .set({ accepted_at: new Date(), accepted_by: user.id })
      .where('id', '=', invitation.id)
      .execute();
    await setActiveOrganisation(trx, user.id, organisationId);
    const { name } = await trx
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return { organisationId, id: organisationId, name, role };
  });
}

async function nameOf(trx: Transaction<DB>, userId: string): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select(sql<string>`user_display_name(name, email)`.as('name'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.name;
}
