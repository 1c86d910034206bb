import type { Context } from 'hono';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  changeTime,
  versionInBody,
  versionInIfMatch,
  versionMessages,
  type VersionConflict,
} from '../../shared/api/versions.ts';
import type { Actor } from '../context.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { notFound, parseInput, readJsonValue } from '../lib/http.ts';
import { assertUsableOnPlan } from './plan-limits.ts';

/**
 * Versions and conflicts (docs/decisions/0034-versions-and-hostile-files.md): a change to an
 * editable row takes its version, +1, in the change's own transaction, and a client that names
 * the version it read gets 409 `conflict` when someone saved in between. Adopting it is two lines:
 *
 *   const { input, version } = await readVersioned(c, schema);      // the route
 *   await claimVersion(trx, 'recipes', { id }, version, actor);      // first write of the service
 *
 * A table is versioned by having `version integer NOT NULL DEFAULT 1`, `updated_by_name text`
 * and `updated_at` (migration 0023-versions).
 */

/** Tables with a `version` column. */
export type VersionedTable = { [K in keyof DB]: DB[K] extends { version: unknown } ? K : never }[keyof DB];

/** The actor's display name now, as `updated_by_name` keeps it (like « Historique »'s actor name). */
export const actorName = (actor: Actor) =>
  sql<string>`(SELECT user_display_name(name, email) FROM users WHERE id = ${actor.userId})`;

const badVersion = (message: string) => new AppError('validation', 422, message, { version: message });

/** The `If-Match` header's version (a body that is not JSON: a photo), or undefined. */
export function versionFromHeader(c: Context): number | undefined {
  const header = versionInIfMatch(c.req.header('if-match'));
  if ('invalid' in header) throw badVersion(versionMessages.ifMatchInvalid);
  return header.version ?? undefined;
}

/** The version a write names, in its body's `version` or its `If-Match` header; undefined: take the write. */
export function expectedVersion(c: Context, body: unknown): number | undefined {
  const fromHeader = versionFromHeader(c);
  const inBody = versionInBody(body);
  if ('invalid' in inBody) throw badVersion(versionMessages.invalid);
  if (inBody.version !== null && fromHeader !== undefined && inBody.version !== fromHeader)
    throw badVersion(versionMessages.mismatch);
  return inBody.version ?? fromHeader;
}

/**
 * readJson (src/server/lib/http.ts) and the version the write names. With `optionalBody` (an
 * action whose body is all optional, like an invoice's confirmation), a request with no body
 * and no content type reads as `{}`, so `If-Match` alone names the version.
 */
export async function readVersioned<T extends z.ZodType>(
  c: Context,
  schema: T,
  options: { optionalBody?: boolean } = {},
): Promise<{ input: z.infer<T>; version: number | undefined }> {
  const bodiless = options.optionalBody && !c.req.header('content-type') && (await c.req.text()) === '';
  const raw = bodiless ? {} : await readJsonValue(c);
  const input = parseInput(schema, raw);
  return { input, version: expectedVersion(c, raw) };
}

/**
 * How a table's rows belong to an organisation, for a table without its own `organisation_id`:
 * a version is claimed only within the caller's organisation, so another organisation's row
 * answers 404 like a missing one, never 409.
 */
const OWNED_THROUGH: Partial<Record<VersionedTable, (organisationId: string) => RawBuilder<unknown>>> = {
  menu_sections: (org) => sql`menu_id IN (SELECT id FROM menus WHERE organisation_id = ${org})`,
  formules: (org) => sql`menu_id IN (SELECT id FROM menus WHERE organisation_id = ${org})`,
  menu_items: (org) =>
    sql`menu_section_id IN (SELECT s.id FROM menu_sections s JOIN menus m ON m.id = s.menu_id WHERE m.organisation_id = ${org})`,
};

const ownedBy = (table: VersionedTable, organisationId: string) =>
  (OWNED_THROUGH[table] ?? ((org: string) => sql`organisation_id = ${org}`))(organisationId);

const keyOf = (key: Record<string, string>) =>
  sql.join(
    Object.entries(key).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql` AND `,
  );

export interface ClaimOptions {
  /** Columns of a row made by its first save (a meal-plan service has no row before), besides the key. */
  create?: Record<string, string>;
}

/**
 * Takes the row's next version for this change: `version + 1`, who (their display name now)
 * and when, in the caller's transaction and under the row's lock, so concurrent saves are
 * serialized and the second one sees the first one's version. With `expected` (the version the
 * client read) and another version held: 409 `conflict` saying who saved it and when, and the
 * caller's transaction is rolled back, so nothing changes. 404 when the organisation has no
 * such row (unless `create`). Returns the new version.
 */
export async function claimVersion(
  trx: Transaction<DB>,
  table: VersionedTable,
  key: Record<string, string>,
  expected: number | undefined,
  actor: Actor,
  options: ClaimOptions = {},
): Promise<number> {
  const where = sql`${keyOf(key)} AND ${ownedBy(table, actor.organisationId)}`;
  const byName = actorName(actor);
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await sql<{ version: number }>`
      UPDATE ${sql.table(table)} SET version = version + 1, updated_at = now(), updated_by_name = ${byName}
      WHERE ${where} ${expected === undefined ? sql`` : sql`AND version = ${expected}`}
      RETURNING version`.execute(trx);
    if (claimed.rows[0]) {
      await assertUsableAfterDowngrade(trx, table, key, actor.organisationId);
      return claimed.rows[0].version;
    }
    const held = await sql<{ version: number; updated_by_name: string | null; updated_at: Date }>`
      SELECT version, updated_by_name, updated_at FROM ${sql.table(table)} WHERE ${where}`.execute(trx);
    if (held.rows[0]) {
      if (expected === undefined) continue; // made by a concurrent first save since the UPDATE
      throw conflictError(held.rows[0]);
    }
    if (!options.create) throw notFound();
    // Nothing saved yet holds version 0 (« I saw it empty »): naming another one is stale, like
    // naming an old version of a saved row, and creates nothing.
    if (expected !== undefined && expected !== 0) throw neverSavedError(expected);
    const values = { ...options.create, ...key };
    const columns = Object.keys(values);
    const created = await sql<{ version: number }>`
      INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}, updated_by_name)
      VALUES (${sql.join(columns.map((column) => values[column]))}, ${byName})
      ON CONFLICT DO NOTHING RETURNING version`.execute(trx);
    if (created.rows[0]) return created.rows[0].version;
    // Another first save committed meanwhile: its row is claimed (or refused) on the next turn.
  }
  throw notFound();
}

/**
 * The menu a content row belongs to: a change to a section, an item or a formule is a change to
 * its menu, read-only after a downgrade like the menu itself (DECISIONS 21).
 */
const MENU_OF: Partial<Record<VersionedTable, (id: string) => RawBuilder<{ menu_id: string }>>> = {
  menu_sections: (id) => sql`SELECT menu_id FROM menu_sections WHERE id = ${id}`,
  formules: (id) => sql`SELECT menu_id FROM formules WHERE id = ${id}`,
  menu_items: (id) =>
    sql`SELECT s.menu_id FROM menu_items i JOIN menu_sections s ON s.id = i.menu_section_id WHERE i.id = ${id}`,
};

/** A claimed recipe or menu (or menu content) that a downgrade made read-only: 403, the change rolls back. */
async function assertUsableAfterDowngrade(
  trx: Transaction<DB>,
  table: VersionedTable,
  key: Record<string, string>,
  organisationId: string,
): Promise<void> {
  const id = key.id;
  if (id === undefined) return;
  if (table === 'recipes') return assertUsableOnPlan(trx, organisationId, 'recipes', id);
  if (table === 'menus') return assertUsableOnPlan(trx, organisationId, 'menus', id);
  const menuOf = MENU_OF[table];
  if (!menuOf) return;
  const menu = (await menuOf(id).execute(trx)).rows[0];
  if (menu) await assertUsableOnPlan(trx, organisationId, 'menus', menu.menu_id);
}

/** The 409 of a version named for a resource made by its first save that nobody saved yet: it holds version 0. */
function neverSavedError(named: number): AppError {
  const conflict: VersionConflict = { version: 0, updatedAt: null, updatedBy: null };
  return new AppError('conflict', 409, versionMessages.neverSaved(named), undefined, { conflict });
}

/** The 409 of a stale version: the message of DECISIONS 21's contract, and what the server holds. */
export function conflictError(held: { version: number; updated_by_name: string | null; updated_at: Date }): AppError {
  const conflict: VersionConflict = {
    version: held.version,
    updatedAt: held.updated_at.toISOString(),
    updatedBy: held.updated_by_name,
  };
  return new AppError(
    'conflict',
    409,
    versionMessages.conflict(held.updated_by_name, changeTime(held.updated_at)),
    undefined,
    { conflict },
  );
}
