import { sql, type Kysely } from 'kysely';
import { CONTRACT_0031 } from '../cache-contract-0031.ts';
import { cacheTriggersSql, dropCacheTriggersSql } from '../cache-contract.ts';
import * as performance from './0015-performance.ts';
import * as accountChanges from './0019-account-changes.ts';
import * as ownIngredientChanges from './0020-own-ingredient-changes.ts';

/**
 * The caches' triggers written from their declaration (src/server/db/cache-contract.ts,
 * docs/decisions/0044-fair-file-reading-and-generated-cache-triggers.md) instead of by hand in
 * migrations 0015-performance, 0019-account-changes and 0020-own-ingredient-changes: the same
 * triggers, names and payloads, each with a function of its own (`notify_<trigger>`).
 *
 * The declaration it applies is frozen with it (src/server/db/cache-contract-0031.ts): a database
 * migrated later from scratch must get these triggers, on the tables this schema has, whatever
 * the contract becomes. A change to the contract is a new frozen declaration and a new migration
 * that drops these (`dropCacheTriggersSql`) and writes its own (`cacheTriggersSql`);
 * src/server/db/cache-contract.int.test.ts fails until it exists.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await ownIngredientChanges.down(db);
  await accountChanges.down(db);
  await performance.down(db);
  await sql.raw(cacheTriggersSql(CONTRACT_0031)).execute(db);
}

/** Back to the hand-written triggers of 0015, 0019 and 0020, as they made them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(dropCacheTriggersSql(CONTRACT_0031)).execute(db);
  await performance.up(db);
  await accountChanges.up(db);
  await ownIngredientChanges.up(db);
}
