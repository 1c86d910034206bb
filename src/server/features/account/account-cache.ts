import type { Kysely } from 'kysely';
import type { MeResponse } from '../../../shared/api/account.ts';
import type { SessionUser } from '../../context.ts';
import type { DinerState } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { readMe } from './service.ts';

/** A kept answer is read again after this long, changes announced or not (the month's counts, a trial that ends). */
export const ACCOUNT_CACHE_MS = 5_000;

/**
 * What GET /api/me shows, as the `nutricarte_cache` payloads that announce its changes
 * (migrations 0015 and 0019): the user (`u:`: email, two-factor, active organisation, its
 * memberships), and each organisation it lists (`o:`: establishments, menus, QR codes, plan;
 * `c:`: recipes, name, members, invitations).
 */
export function accountTags(me: MeResponse): string[] {
  return [`u:${me.user.id}`, ...me.organisations.flatMap((o) => [`o:${o.id}`, `c:${o.id}`])];
}

/**
 * GET /api/me's answer (docs/decisions/0022-performance-at-the-physical-limit.md « The signed-in
 * API »): kept in memory by user while nothing it shows has changed, in any process (the
 * change is announced on the channel, at most a second later), and ACCOUNT_CACHE_MS at most;
 * otherwise read in one query and kept. A request that changed something is answered once this
 * process has heard its own change (`diner.sync()`, src/server/app.ts), so the next GET /api/me of
 * the same person shows it.
 */
export async function readMeKept(
  db: Kysely<DB>,
  accounts: DinerState['accounts'] | undefined,
  user: SessionUser,
): Promise<MeResponse | null> {
  if (!accounts) return readMe(db, user);
  const kept = accounts.get(user.id);
  if (kept && kept.user.email === user.email && kept.user.role === user.role) return kept;
  const generation = accounts.generation();
  const me = await readMe(db, user);
  if (me) accounts.set(user.id, accountTags(me), me, { generation, validUntil: Date.now() + ACCOUNT_CACHE_MS });
  return me;
}
