import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_RESTAURANT_NAME } from '../../shared/api/auth.ts';
import type { ActiveOrganisation } from '../context.ts';
import type { DB } from '../db/schema.ts';
import { enqueueContactSync } from './outbox.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The account's active organisation and its role there, in one query; null when that membership is gone. */
async function findActiveMembership(db: Db, userId: string): Promise<ActiveOrganisation | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').onRef('m.organisation_id', '=', 'u.active_organisation_id'),
    )
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'm.role'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The account's membership of one organisation, or null. */
export async function findMembership(
  db: Db,
  userId: string,
  organisationId: string,
): Promise<ActiveOrganisation | null> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select(['o.id', 'o.name', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('m.organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Makes `organisationId` the account's active organisation (the account must be a member)
 * and syncs its CRM contact, whose restaurant name and plan are the active organisation's.
 */
export async function setActiveOrganisation(
  trx: Transaction<DB>,
  userId: string,
  organisationId: string,
): Promise<void> {
  const before = await trx
    .selectFrom('users')
    .select('active_organisation_id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (before?.active_organisation_id === organisationId) return;
  await trx.updateTable('users').set({ active_organisation_id: organisationId }).where('id', '=', userId).execute();
  await enqueueContactSync(trx, userId);
}

/**
 * The active organisation after the account lost it (removed, left, or the organisation
 * deleted): the oldest other membership, or, when none is left, a new organisation of its
 * own (« Mon Restaurant », free plan), since every account keeps one. Called in the caller's
 * transaction, with the user row locked so two requests do not create two organisations.
 */
export async function fallBackToAnotherOrganisation(trx: Transaction<DB>, userId: string): Promise<ActiveOrganisation> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const still = await findActiveMembership(trx, userId);
  if (still) return still;
  const other = await trx
    .selectFrom('memberships')
    .select('organisation_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('organisation_id')
    .executeTakeFirst();
  if (other) await setActiveOrganisation(trx, userId, other.organisation_id);
  else {
    await sql`SELECT create_organisation(${userId}, ${DEFAULT_RESTAURANT_NAME})`.execute(trx);
    await enqueueContactSync(trx, userId);
  }
  const found = await findActiveMembership(trx, userId);
  if (!found) throw new Error(`no organisation could be made active for ${userId}`);
  return found;
}

/**
 * The organisation of a request: the active one, or, when its membership is gone, the one
 * the account falls back to, stored as active (docs/product/organisations.md « Losing access »).
 */
export async function resolveActiveOrganisation(db: Kysely<DB>, userId: string): Promise<ActiveOrganisation> {
  return (
    (await findActiveMembership(db, userId)) ??
    db.transaction().execute((trx) => fallBackToAnotherOrganisation(trx, userId))
  );
}
