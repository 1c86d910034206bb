import { sql, type Kysely } from 'kysely';

/**
 * The establishment profile (docs/decisions/0013-establishment-profile-and-phone-header.md). The
 * restaurant name given at sign-up becomes editable, with an address (street, postal code, city)
 * and a phone number, all optional (null when not given). The rules of src/shared/api/account.ts
 * are repeated as CHECK constraints, in their normalized form, so no other writer can store what
 * the API refuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE profiles
      ADD COLUMN address text
        CONSTRAINT profiles_address_check CHECK (length(btrim(address)) BETWEEN 1 AND 200),
      ADD COLUMN postal_code text
        CONSTRAINT profiles_postal_code_check CHECK (postal_code ~ '^[0-9]{5}$'),
      ADD COLUMN city text
        CONSTRAINT profiles_city_check CHECK (length(btrim(city)) BETWEEN 1 AND 100),
      ADD COLUMN phone text
        CONSTRAINT profiles_phone_check CHECK (phone ~ '^0[1-9]( [0-9]{2}){4}$');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE profiles DROP COLUMN IF EXISTS phone, DROP COLUMN IF EXISTS city,
      DROP COLUMN IF EXISTS postal_code, DROP COLUMN IF EXISTS address;
  `.execute(db);
}
