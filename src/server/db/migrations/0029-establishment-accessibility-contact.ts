import { sql, type Kysely } from 'kysely';

/**
 * An establishment's own accessibility contact (docs/decisions/0040-rgaa-public-pages.md,
 * docs/product/accessibility.md): the e-mail address or web page where a diner or a family
 * reaches the restaurant, the school or the town hall about the accessibility of what it
 * publishes. Shown in the footer of its public menus and week pages; NULL shows nothing.
 * The table's trigger of migration 0015 already drops the cached pages on any change to a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE establishments ADD COLUMN accessibility_contact text
      CONSTRAINT establishments_accessibility_contact_check CHECK (char_length(accessibility_contact) BETWEEN 1 AND 200)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE establishments DROP COLUMN accessibility_contact`.execute(db);
}
