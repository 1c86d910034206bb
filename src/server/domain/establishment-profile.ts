import type { EstablishmentProfile } from '../../shared/api/account.ts';
import { DEFAULT_RESTAURANT_NAME } from '../../shared/api/auth.ts';

/** The columns of a `profiles` row that make the establishment (read by GET /api/me, the export and the profile routes). */
export interface ProfileRow {
  restaurant_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
}

/** The row as the API shows it (a user without a profile row has the sign-up default). */
export const toEstablishmentProfile = (row: ProfileRow | undefined): EstablishmentProfile => ({
  restaurantName: row?.restaurant_name ?? DEFAULT_RESTAURANT_NAME,
  address: row?.address ?? null,
  postalCode: row?.postal_code ?? null,
  city: row?.city ?? null,
  phone: row?.phone ?? null,
});
