import { sql, type Kysely } from 'kysely';
import type { EstablishmentProfile } from '../../../shared/api/account.ts';
import type { DB } from '../../db/schema.ts';
import { toEstablishmentProfile } from '../../domain/establishment-profile.ts';
import { enqueueContactSync } from '../../domain/outbox.ts';

const COLUMNS = ['restaurant_name', 'address', 'postal_code', 'city', 'phone'] as const;

/** GET /api/account/profile: the signed-in owner's establishment. */
export async function getEstablishmentProfile(db: Kysely<DB>, userId: string): Promise<EstablishmentProfile> {
  return toEstablishmentProfile(await db.selectFrom('profiles').select(COLUMNS).where('id', '=', userId).executeTakeFirst());
}

/**
 * PUT /api/account/profile: replaces the establishment (the input is validated and normalized
 * by establishmentProfileSchema). A new restaurant name is also the CRM contact's: its
 * « sync_contact » is written in the same transaction (docs/product/decisions.md 13).
 */
export async function updateEstablishmentProfile(db: Kysely<DB>, userId: string, input: EstablishmentProfile): Promise<EstablishmentProfile> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('profiles').select('restaurant_name').where('id', '=', userId).forUpdate().executeTakeFirst();
    const values = { restaurant_name: input.restaurantName, address: input.address, postal_code: input.postalCode, city: input.city, phone: input.phone };
    const row = await trx
      .insertInto('profiles')
      .values({ id: userId, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    if (before?.restaurant_name !== row.restaurant_name) await enqueueContactSync(trx, userId);
    return toEstablishmentProfile(row);
  });
}
