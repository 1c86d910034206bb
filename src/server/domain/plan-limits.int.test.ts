import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { createTestApp, uniqueEmail, type SignedUpUser, type TestApp, type TestResponse } from '../test/harness.ts';
import { invite, makePremium } from '../test/teams.ts';

/**
 * Team limits under parallel requests (docs/product/organisations.md « Limits, races »): each
 * creation locks the organisation's row (`SELECT … FOR UPDATE`, src/server/domain/plan-limits.ts)
 * before it counts, so on PostgreSQL (several connections, api-postgres) parallel requests
 * cannot overshoot. Recipes, menus and QR codes race in their own feature tests; the same
 * races on two server processes are src/server/reliability/plan-limit-races.reliability.ts.
 */
const PARALLEL = 12;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statuses = (responses: TestResponse[]) => responses.map((r) => r.status).sort();
const count = async (
  table: 'establishments' | 'invitations' | 'memberships' | 'audit_events',
  organisationId: string,
) =>
  (await t.db.selectFrom(table).select('organisation_id').where('organisation_id', '=', organisationId).execute())
    .length;
const inParallel = (n: number, send: (i: number) => Promise<TestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

describe('team limits under parallel requests', () => {
  it(`${PARALLEL} parallel establishment creations in a free organisation with room for one: exactly one`, async () => {
    const owner = await t.signUp();
    // Room for exactly one more: the sign-up's establishment (no menu uses it) is taken away.
    await t.db.deleteFrom('establishments').where('organisation_id', '=', owner.organisationId).execute();
    const responses = await inParallel(PARALLEL, (i) =>
      t.request('POST', '/api/establishments', { cookie: owner.cookie, body: { name: `Site ${i}` } }),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(PARALLEL - 1).fill(403)]);
    for (const refused of responses.filter((r) => r.status === 403))
      expect([refused.body.error.code, refused.body.error.message]).toEqual([
        'plan_limit',
        messages.limits.establishments,
      ]);
    expect(await count('establishments', owner.organisationId)).toBe(1);
  });

  it(`${PARALLEL} parallel invitations of a free organisation: none, nothing stored`, async () => {
    const owner = await t.signUp();
    const responses = await inParallel(PARALLEL, () =>
      t.request('POST', '/api/organisation/invitations', {
        cookie: owner.cookie,
        body: { email: uniqueEmail(), role: 'editor' },
      }),
    );
    expect(statuses(responses)).toEqual(Array<number>(PARALLEL).fill(403));
    for (const refused of responses)
      expect([refused.body.error.code, refused.body.error.message]).toEqual(['plan_limit', messages.limits.members]);
    expect(await count('invitations', owner.organisationId)).toBe(0);
  });

  it(`${PARALLEL} parallel invitations of one address: one pending invitation, the others replaced`, async () => {
    const owner = await t.signUp();
    await makePremium(t, owner.organisationId);
    const email = uniqueEmail('cuisinier');
    const responses = await inParallel(PARALLEL, () =>
      t.request('POST', '/api/organisation/invitations', { cookie: owner.cookie, body: { email, role: 'editor' } }),
    );
    expect(statuses(responses)).toEqual(Array<number>(PARALLEL).fill(201));
    const rows = await t.db
      .selectFrom('invitations')
      .select(['revoked_at', 'accepted_at'])
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect(rows).toHaveLength(PARALLEL);
    expect(rows.filter((r) => r.revoked_at === null && r.accepted_at === null)).toHaveLength(1);
    expect((await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body.invitations).toHaveLength(1);
  });

  it(`${PARALLEL} parallel acceptances of one link: one member, one « joined », one member_joined event`, async () => {
    const owner: SignedUpUser = await t.signUp();
    await makePremium(t, owner.organisationId);
    const email = uniqueEmail('cuisinier');
    const token = await invite(t, owner, email, 'editor');
    const cook = await t.signUp(email);
    const responses = await inParallel(PARALLEL, () =>
      t.request('POST', `/api/invitations/${token}/accept`, { cookie: cook.cookie, body: {} }),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(PARALLEL - 1).fill(409)]);
    expect(await count('memberships', owner.organisationId)).toBe(2);
    const joined = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where('organisation_id', '=', owner.organisationId)
      .where('action', '=', 'joined')
      .execute();
    expect(joined).toHaveLength(1);
    const events = await t.db
      .selectFrom('event_outbox')
      .select('id')
      .where('user_id', '=', cook.user.id)
      .where('name', '=', 'member_joined')
      .execute();
    expect(events).toHaveLength(1);
  });
});
