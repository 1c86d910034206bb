import type { Kysely, Transaction } from 'kysely';
import { portionGrid, type PortionGrid, type PortionOverrides } from '../../../shared/catering/portions.ts';
import type { DB } from '../../db/schema.ts';

/** The establishment's grammages: its own cells over the defaults (src/shared/catering/portions.ts). */
export async function readPortionGrid(
  db: Kysely<DB> | Transaction<DB>,
  organisationId: string,
  establishmentId: string,
): Promise<PortionGrid> {
  const rows = await db
    .selectFrom('establishment_portions')
    .select(['line', 'population', 'grams'])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId)
    .execute();
  const overrides: PortionOverrides = {};
  for (const r of rows) overrides[r.line] = { ...overrides[r.line], [r.population]: r.grams };
  return portionGrid(overrides);
}
