import { sql, type Kysely, type Transaction } from 'kysely';
import type { Member, OrganisationDetails, PendingInvitation } from '../../../shared/api/organisations.ts';
import { can } from '../../../shared/permissions.ts';
import type { ActiveOrganisation, Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { enqueueOrganisationContactSync } from '../../domain/outbox.ts';
import { lockOrganisation } from '../../domain/plan-limits.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The members of an organisation, in the order they joined; or one of them. */
export async function listMembers(db: Db, organisationId: string, userId?: string): Promise<Member[]> {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'u.email',
      sql<string>`user_display_name(u.name, u.email)`.as('name'),
      'm.role',
      'm.created_at',
    ])
    .where('m.organisation_id', '=', organisationId);
  if (userId) query = query.where('m.user_id', '=', userId);
  const rows = await query.orderBy('m.created_at').orderBy('m.user_id').execute();
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    role: r.role,
    joinedAt: r.created_at.toISOString(),
  }));
}

/** Invitations not accepted, revoked nor expired, oldest first. */
async function listPendingInvitations(db: Db, organisationId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, expiresAt: r.expires_at.toISOString() }));
}

/** GET /api/organisation: the members for everyone; the pending invitations for those who manage them. */
export async function getOrganisationDetails(db: Db, org: ActiveOrganisation): Promise<OrganisationDetails> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', org.id).executeTakeFirstOrThrow();
  return {
    id: org.id,
    name: row.name,
    role: org.role,
    members: await listMembers(db, org.id),
    invitations: can(org.role, 'members:manage') ? await listPendingInvitations(db, org.id) : [],
  };
}

/**
 * PUT /api/organisation: the name is the CRM contact's restaurant name for every account
 * working in it, synced in the same transaction (docs/product/spec.md section 7).
 */
export async function renameOrganisation(
  db: Kysely<DB>,
  actor: Actor & { role: ActiveOrganisation['role'] },
  name: string,
): Promise<OrganisationDetails> {
  return db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    const before = await trx
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', actor.organisationId)
      .executeTakeFirstOrThrow();
    if (before.name !== name) {
      await trx
        .updateTable('organisations')
        .set({ name, updated_at: new Date() })
        .where('id', '=', actor.organisationId)
        .execute();
      await recordAudit(trx, actor, {
        action: 'updated',
        entity: { type: 'organisation', id: actor.organisationId, name },
        details: { previousName: before.name },
      });
      await enqueueOrganisationContactSync(trx, actor.organisationId);
    }
    return getOrganisationDetails(trx, { id: actor.organisationId, name, role: actor.role });
  });
}
