import type { Kysely, Selectable } from 'kysely';
import {
  organisationMessages,
  type Establishment,
  type EstablishmentInputParsed,
} from '../../../shared/api/organisations.ts';
import type { Actor } from '../../context.ts';
import type { DB, EstablishmentsTable } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { PROFILE_COLUMNS, profileColumns, toProfile } from '../../domain/establishment-profile.ts';
import { claimVersion } from '../../domain/versions.ts';
import { assertWithinPlanLimit, lockOrganisation } from '../../domain/plan-limits.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

const COLUMNS = [
  'id',
  'version',
  'name',
  'address',
  'postal_code',
  'city',
  'phone',
  'legal_name',
  'publication_director',
  'accessibility_contact',
  'created_at',
  ...PROFILE_COLUMNS,
] as const;

const toEstablishment = (row: Pick<Selectable<EstablishmentsTable>, (typeof COLUMNS)[number]>): Establishment => ({
  id: row.id,
  version: row.version,
  name: row.name,
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
  phone: row.phone,
  legalName: row.legal_name,
  publicationDirector: row.publication_director,
  accessibilityContact: row.accessibility_contact,
  createdAt: row.created_at.toISOString(),
  ...toProfile(row),
});

const columnsOf = (input: EstablishmentInputParsed, storedCovers?: Selectable<EstablishmentsTable>['covers']) => ({
  name: input.name,
  address: input.address,
  postal_code: input.postalCode,
  city: input.city,
  phone: input.phone,
  // The legal notice's lines are kept when a client leaves them out (older forms, API clients).
  ...(input.legalName !== undefined ? { legal_name: input.legalName } : {}),
  ...(input.publicationDirector !== undefined ? { publication_director: input.publicationDirector } : {}),
  // Absent: kept as stored (src/shared/api/organisations.ts `accessibilityContactSchema`).
  ...(input.accessibilityContact === undefined ? {} : { accessibility_contact: input.accessibilityContact }),
  ...profileColumns(input, storedCovers),
});

/** GET /api/establishments: oldest first; the first one is where a new menu goes by default. */
export async function listEstablishments(db: Kysely<DB>, organisationId: string): Promise<Establishment[]> {
  const rows = await db
    .selectFrom('establishments')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toEstablishment);
}

/** POST /api/establishments: within the plan's limit (free: one), checked under the organisation's lock. */
export async function createEstablishment(
  db: Kysely<DB>,
  actor: Actor,
  input: EstablishmentInputParsed,
): Promise<Establishment> {
  return db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, actor.organisationId, 'establishments');
    const row = await trx
      .insertInto('establishments')
      .values({ organisation_id: actor.organisationId, created_by: actor.userId, ...columnsOf(input) })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'created', entity: { type: 'establishment', id: row.id, name: row.name } });
    return toEstablishment(row);
  });
}

/** PUT /api/establishments/:id: every line replaced (a line left empty is removed). */
export async function updateEstablishment(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: EstablishmentInputParsed,
  version?: number,
): Promise<Establishment> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('establishments')
      .select(['name', 'covers'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await claimVersion(trx, 'establishments', { id }, version, actor);
    const row = await trx
      .updateTable('establishments')
      .set({ ...columnsOf(input, before.covers), updated_at: new Date() })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const details = before.name !== row.name ? { previousName: before.name } : {};
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: { type: 'establishment', id, name: row.name },
      details,
    });
    return toEstablishment(row);
  });
}

/**
 * DELETE /api/establishments/:id: refused (409 `conflict`) while menus belong to it, or when
 * it is the organisation's last one. The organisation is locked so two deletions cannot both
 * pass the « last one » check.
 */
export async function deleteEstablishment(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    const row = await trx
      .selectFrom('establishments')
      .select('name')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirst();
    if (!row) throw notFound();
    const menus = await trx
      .selectFrom('menus')
      .select('id')
      .where('establishment_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (menus) throw new AppError('conflict', 409, organisationMessages.establishmentInUse);
    const { count } = await trx
      .selectFrom('establishments')
      .select(trx.fn.countAll<number>().as('count'))
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirstOrThrow();
    if (Number(count) <= 1) throw new AppError('conflict', 409, organisationMessages.lastEstablishment);
    await trx.deleteFrom('establishments').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'establishment', id, name: row.name } });
  });
}
