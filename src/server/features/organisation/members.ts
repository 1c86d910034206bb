import type { Kysely, Transaction } from 'kysely';
import { organisationMessages, type Member, type OrganisationSummary } from '../../../shared/api/organisations.ts';
import type { MemberRole } from '../../../shared/permissions.ts';
import type { ActiveOrganisation, Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import {
  fallBackToAnotherOrganisation,
  findMembership,
  setActiveOrganisation,
} from '../../domain/active-organisation.ts';
import { recordAudit } from '../../domain/audit.ts';
import { enqueueEvent } from '../../domain/outbox.ts';
import { lockOrganisation } from '../../domain/plan-limits.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { listMembers } from './organisation.ts';

/** The member, with the organisation locked (member changes of one organisation are serialized); 404 when not a member. */
async function lockedMember(trx: Transaction<DB>, organisationId: string, userId: string): Promise<Member> {
  if (!isUuid(userId)) throw notFound();
  await lockOrganisation(trx, organisationId);
  const [member] = await listMembers(trx, organisationId, userId);
  if (!member) throw notFound();
  return member;
}

/** The last owner stays: demoting, removing or letting them leave would leave the organisation without one. */
async function assertNotLastOwner(trx: Transaction<DB>, organisationId: string, member: Member): Promise<void> {
  if (member.role !== 'owner') return;
  const { count } = await trx
    .selectFrom('memberships')
    .select(trx.fn.countAll<number>().as('count'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  if (Number(count) <= 1) throw new AppError('conflict', 409, organisationMessages.lastOwner);
}

/** PATCH /api/organisation/members/:userId (owners). */
export async function changeRole(db: Kysely<DB>, actor: Actor, userId: string, role: MemberRole): Promise<Member> {
  return db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, actor.organisationId, userId);
    if (member.role === role) return member;
    if (role !== 'owner') await assertNotLastOwner(trx, actor.organisationId, member);
    await trx
      .updateTable('memberships')
      .set({ role, updated_at: new Date() })
      .where('organisation_id', '=', actor.organisationId)
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'role_changed',
      entity: { type: 'member', id: userId, name: member.name },
      details: { from: member.role, to: role },
    });
    return { ...member, role };
  });
}

/**
 * DELETE /api/organisation/members/:userId: an owner removes a member, or a member leaves
 * (their own id). The membership goes in one transaction; a removed member's next request
 * finds no membership and falls back (src/server/auth/require-user.ts). Someone who leaves
 * falls back at once: the organisation they work in next is returned.
 */
export async function removeMember(db: Kysely<DB>, actor: Actor, userId: string): Promise<ActiveOrganisation | null> {
  return db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, actor.organisationId, userId);
    await assertNotLastOwner(trx, actor.organisationId, member);
    await trx
      .deleteFrom('memberships')
      .where('organisation_id', '=', actor.organisationId)
      .where('user_id', '=', userId)
      .execute();
    const leaving = userId === actor.userId;
    const entity = { type: 'member', id: userId, name: member.name } as const;
    await recordAudit(trx, actor, { action: leaving ? 'left' : 'removed', entity, details: { role: member.role } });
    await enqueueEvent(trx, actor.userId, 'member_removed', {
      organisation_id: actor.organisationId,
      role: member.role,
      reason: leaving ? 'left' : 'removed',
    });
    return leaving ? fallBackToAnotherOrganisation(trx, userId) : null;
  });
}

/** PUT /api/me/organisation: another organisation of the account becomes the active one (404 when not a member). */
export async function switchOrganisation(
  db: Kysely<DB>,
  userId: string,
  organisationId: string,
): Promise<OrganisationSummary> {
  return db.transaction().execute(async (trx) => {
    const membership = await findMembership(trx, userId, organisationId);
    if (!membership) throw notFound();
    await setActiveOrganisation(trx, userId, organisationId);
    return membership;
  });
}
