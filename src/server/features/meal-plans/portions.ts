import type { Kysely } from 'kysely';
import type { PortionsAnswer, PortionsBody } from '../../../shared/api/meal-plans.ts';
import { POPULATIONS } from '../../../shared/catering/catering.ts';
import { PORTION_LINES } from '../../../shared/catering/portions.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { readPortionGrid } from './portion-grid.ts';
import { findEstablishment } from './establishment-context.ts';
import { assertPremium, planEntity } from './plan-rows.ts';

export async function getPortions(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
): Promise<PortionsAnswer> {
  await findEstablishment(db, organisationId, establishmentId);
  return { establishmentId, grid: await readPortionGrid(db, organisationId, establishmentId) };
}

/**
 * Replaces the establishment's own grammages (PUT /api/meal-plans/:establishmentId/portions).
 * The establishment's row is locked first, so two saves at once end as one or the other, never
 * as a duplicate key; one line of « Historique » in the same transaction.
 */
export async function putPortions(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  body: PortionsBody,
): Promise<PortionsAnswer> {
  if (!isUuid(establishmentId)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const establishment = await trx
      .selectFrom('establishments')
      .select(['id', 'name'])
      .where('id', '=', establishmentId)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!establishment) throw notFound();
    await assertPremium(trx, actor.organisationId);
    const cells = PORTION_LINES.flatMap((line) =>
      POPULATIONS.flatMap((population) => {
        const grams = body.grams[line]?.[population];
        return grams === undefined
          ? []
          : [
              {
                organisation_id: actor.organisationId,
                establishment_id: establishmentId,
                line,
                population,
                grams,
                updated_by: actor.userId,
              },
            ];
      }),
    );
    await trx
      .deleteFrom('establishment_portions')
      .where('organisation_id', '=', actor.organisationId)
      .where('establishment_id', '=', establishmentId)
      .execute();
    if (cells.length > 0) await trx.insertInto('establishment_portions').values(cells).execute();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: { portions: cells.length },
    });
  });
  return getPortions(db, actor.organisationId, establishmentId);
}
