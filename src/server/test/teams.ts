import type { MemberRole } from '../../shared/permissions.ts';
import { uniqueEmail, type SignedUpUser, type TestApp } from './harness.ts';

/**
 * Teams in API tests (docs/product/organisations.md): invitations go through the real routes
 * and the log mailer, and the token is read from the mail like a person would.
 */

/** The token of the last invitation mailed to `email`. */
export function invitationTokenFor(t: TestApp, email: string): string {
  const mail = t.mailbox.filter((m) => m.to === email).at(-1);
  const token = mail && /\/invitation\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** The organisation goes Premium (team features need it). */
export async function makePremium(t: TestApp, organisationId: string): Promise<void> {
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', organisationId)
    .execute();
}

/** Invites `email` with `role` as `owner`, and returns the token of the mailed link. */
export async function invite(t: TestApp, owner: SignedUpUser, email: string, role: MemberRole): Promise<string> {
  const res = await t.request('POST', '/api/organisation/invitations', { cookie: owner.cookie, body: { email, role } });
  if (res.status !== 201) throw new Error(`invitation of ${email}: ${res.status} ${res.text}`);
  return invitationTokenFor(t, email);
}

export interface TeamMember extends SignedUpUser {
  /** The organisation the member joined (also their active one); `organisationId` stays their own. */
  joinedOrganisationId: string;
}

/**
 * A new account that joined `owner`'s active organisation with `role`, through an invitation
 * (the organisation is made Premium first). Its active organisation is the joined one.
 */
export async function addMember(
  t: TestApp,
  owner: SignedUpUser,
  role: MemberRole,
  organisationId = owner.organisationId,
): Promise<TeamMember> {
  await makePremium(t, organisationId);
  const email = uniqueEmail(role);
  const token = await invite(t, owner, email, role);
  return accept(t, await t.signUp(email), token, organisationId);
}

/** `account`, which already exists, invited by `owner` and accepting: the joined organisation becomes its active one. */
export async function join(
  t: TestApp,
  owner: SignedUpUser,
  account: SignedUpUser,
  role: MemberRole,
  organisationId = owner.organisationId,
): Promise<TeamMember> {
  return accept(t, account, await invite(t, owner, account.email, role), organisationId);
}

async function accept(t: TestApp, account: SignedUpUser, token: string, organisationId: string): Promise<TeamMember> {
  const res = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: account.cookie, body: {} });
  if (res.status !== 200) throw new Error(`acceptance by ${account.email}: ${res.status} ${res.text}`);
  return { ...account, joinedOrganisationId: organisationId };
}
