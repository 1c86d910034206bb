import { sql, type Kysely, type Transaction } from 'kysely';
import type { DietsAnswer } from '../../../shared/api/meal-plans.ts';
import { SERVICES } from '../../../shared/catering/catering.ts';
import { VARIANTS, type DietCounts } from '../../../shared/catering/diets.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { actorName, conflictError } from '../../domain/versions.ts';
import { findEstablishment } from './establishment-context.ts';
import { assertPremium, planEntity } from './plan-rows.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Only the variants served (count above 0), in the list's order: the stored row says nothing else. */
function compact(counts: DietCounts): DietCounts {
  return Object.fromEntries(
    SERVICES.flatMap((service) => {
      const row = Object.fromEntries(
        VARIANTS.flatMap((v) => ((counts[service]?.[v] ?? 0) > 0 ? [[v, counts[service]![v]!]] : [])),
      );
      return Object.keys(row).length > 0 ? [[service, row]] : [];
    }),
  ) as DietCounts;
}

/** GET /api/meal-plans/diets?establishmentId=: per service, the covers of each variant (version 1 before any save). */
export async function readDiets(db: Db, organisationId: string, establishmentId: string): Promise<DietsAnswer> {
  const row = await db
    .selectFrom('establishment_diets')
    .select(['counts', 'version'])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId)
    .executeTakeFirst();
  return { establishmentId, counts: compact(row?.counts ?? {}), version: row?.version ?? 1 };
}

export async function getDiets(db: Kysely<DB>, organisationId: string, establishmentId: string): Promise<DietsAnswer> {
  await findEstablishment(db, organisationId, establishmentId);
  return readDiets(db, organisationId, establishmentId);
}

/**
 * PUT /api/meal-plans/:establishmentId/diets {counts, version?}: replaced as a whole; a stale
 * version is a 409 and nothing changes. Counts only: a PAI is a number per allergen.
 */
export async function putDiets(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  body: { counts: DietCounts; version?: number | undefined },
): Promise<DietsAnswer> {
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId);
    await assertPremium(trx, actor.organisationId);
    await trx
      .insertInto('establishment_diets')
      .values({ organisation_id: actor.organisationId, establishment_id: establishmentId })
      .onConflict((oc) => oc.column('establishment_id').doNothing())
      .execute();
    const current = await trx
      .selectFrom('establishment_diets')
      .select(['version', 'updated_by_name', 'updated_at'])
      .where('organisation_id', '=', actor.organisationId)
      .where('establishment_id', '=', establishmentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (body.version !== undefined && body.version !== current.version) throw conflictError(current);
    const counts = compact(body.counts);
    await trx
      .updateTable('establishment_diets')
      .set({
        counts: JSON.stringify(counts),
        version: sql`version + 1`,
        updated_by: actor.userId,
        updated_by_name: actorName(actor),
        updated_at: new Date(),
      })
      .where('organisation_id', '=', actor.organisationId)
      .where('establishment_id', '=', establishmentId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: {
        diets: Object.values(counts).reduce<number>(
          (n, row) => n + Object.values(row ?? {}).reduce<number>((a, b) => a + (b ?? 0), 0),
          0,
        ),
      },
    });
    return readDiets(trx, actor.organisationId, establishmentId);
  });
}
