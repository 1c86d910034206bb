import type { MeResponse } from '../../../shared/api/account.ts';

/**
 * Who « Bonjour, … ! » greets: the first name the person gave at sign-up (« Marie » of « Marie
 * Durand »), else the restaurant (the organisation in use): never the address's local part
 * (« marie.bistro »), which the server takes as the name when none was given (src/server/auth/routes.ts).
 */
export function greetingName(me: Pick<MeResponse, 'user' | 'organisation'>): string {
  const localPart = me.user.email.split('@')[0] ?? '';
  // An answer kept from before `name` was part of it (a server mid-update) has none.
  const name = (me.user.name as string | undefined)?.trim() ?? '';
  if (name && name !== localPart) return name.split(/\s+/)[0]!;
  return me.organisation.name;
}
