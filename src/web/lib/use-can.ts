import type { MeResponse } from '../../shared/api/account.ts';
import { can, type Action } from '../../shared/permissions.ts';
import { useMe } from './queries.ts';

/**
 * Whether the account's role in the organisation active allows `action`, read from the one
 * table of src/shared/permissions.ts. Nothing is allowed before /api/me has answered: a button
 * appears late rather than disappear. The server still refuses with 403 whatever the page shows.
 */
export function canIn(me: MeResponse | null | undefined, action: Action): boolean {
  return me ? can(me.organisation.role, action) : false;
}

export function useCan(action: Action): boolean {
  const { data: me } = useMe();
  return canIn(me, action);
}
