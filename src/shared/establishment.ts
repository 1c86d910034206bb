import type { EstablishmentProfile } from './api/account.ts';
import { NBSP } from './typography.ts';

/**
 * How the establishment profile is written on the public menu and the printed documents.
 * Apart from src/shared/api/account.ts (and its zod) so a printed page does not load zod.
 */

/** « 12 rue des Halles, 75001 Paris », or null when no line is given. */
export function establishmentAddressLine(
  profile: Pick<EstablishmentProfile, 'address' | 'postalCode' | 'city'>,
): string | null {
  const town = [profile.postalCode, profile.city].filter(Boolean).join(' ');
  return [profile.address, town].filter(Boolean).join(', ') || null;
}

/** A phone number that never breaks across lines: « 01 23 45 67 89 » with no-break spaces. */
const unbreakablePhone = (phone: string) => phone.replace(/ /g, NBSP);

/** « 12 rue des Halles, 75001 Paris · 01 23 45 67 89 », or null when nothing is given. */
export function establishmentContactLine(
  profile: Pick<EstablishmentProfile, 'address' | 'postalCode' | 'city' | 'phone'> | null | undefined,
): string | null {
  if (!profile) return null;
  const parts = [establishmentAddressLine(profile), profile.phone && unbreakablePhone(profile.phone)].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
