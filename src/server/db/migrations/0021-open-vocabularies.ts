import { sql, type Kysely } from 'kysely';

/**
 * The third round's roles and history vocabulary, opened once for every feature that needs them.
 *
 * - Members and invitations may hold the roles `service` (the floor staff: marks dishes
 *   « Épuisé », reads the menus) and `dietitian` (validates meal plans before publication);
 *   what each may do is the table of src/shared/permissions.ts.
 * - « Historique » lines (`audit_events`) name their action and their entity in words the
 *   TypeScript unions of src/shared/api/organisations.ts list (`AuditAction`, `AuditEntity`).
 *   The database only checks their form (lower-case words joined by `_`): each new feature
 *   would otherwise rewrite the same two constraints, and the last migration to run would
 *   silently drop the words of the others.
 */
const ROLES = `('owner', 'editor', 'viewer', 'service', 'dietitian')`;
const OLD_ROLES = `('owner', 'editor', 'viewer')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
    ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ${sql.raw(ROLES)});
    ALTER TABLE invitations DROP CONSTRAINT invitations_role_check;
    ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ${sql.raw(ROLES)});
    ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
    ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check CHECK (action ~ '^[a-z]+(_[a-z]+)*$');
    ALTER TABLE audit_events DROP CONSTRAINT audit_events_entity_type_check;
    ALTER TABLE audit_events ADD CONSTRAINT audit_events_entity_type_check CHECK (entity_type ~ '^[a-z]+(_[a-z]+)*$');
  `.execute(db);
}

/** Back to the second round's lists: members of the new roles become viewers first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE memberships SET role = 'viewer' WHERE role NOT IN ${sql.raw(OLD_ROLES)};
    UPDATE invitations SET role = 'viewer' WHERE role NOT IN ${sql.raw(OLD_ROLES)};
    ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
    ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ${sql.raw(OLD_ROLES)});
    ALTER TABLE invitations DROP CONSTRAINT invitations_role_check;
    ALTER TABLE invitations ADD CONSTRAINT invitations_role_check CHECK (role IN ${sql.raw(OLD_ROLES)});
  `.execute(db);
}
