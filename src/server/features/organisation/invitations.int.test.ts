import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMessages as m } from '../../../shared/api/organisations.ts';
import { createTestApp, uniqueEmail, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { invitationTokenFor, invite, makePremium } from '../../test/teams.ts';
import { hashToken, INVITATIONS_PER_HOUR } from './invitations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const payloads = async (organisationId: string, name: string) =>
  (
    await t.db
      .selectFrom('event_outbox')
      .select(['user_id', 'payload'])
      .where('name', '=', name)
      .orderBy('id')
      .execute()
  ).filter(
    (row) => (row.payload as { eventData: { organisation_id: string } }).eventData.organisation_id === organisationId,
  );
const auditOf = (organisationId: string) =>
  t.db
    .selectFrom('audit_events')
    .select(['actor_id', 'actor_name', 'action', 'entity_type', 'entity_id', 'entity_name', 'details'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
const invitationRows = (organisationId: string) =>
  t.db.selectFrom('invitations').selectAll().where('organisation_id', '=', organisationId).execute();

async function premiumOwner(restaurant = 'La Cantine'): Promise<SignedUpUser> {
  const owner = await t.signUp(undefined, undefined, restaurant);
  await makePremium(t, owner.organisationId);
  return owner;
}

describe('invitations', () => {
  it('mails a 7-day link, shows it to whoever has it, and makes the invited cook a member of the organisation, made active', async () => {
    const owner = await premiumOwner();
    const email = uniqueEmail('cuisinier');
    const before = Date.now();
    const created = await t.request('POST', '/api/organisation/invitations', {
      cookie: owner.cookie,
      body: { email: ` ${email.toUpperCase()} `, role: 'editor' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), email, role: 'editor', expiresAt: expect.any(String) });
    const days = (Date.parse(created.body.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const mail = t.mailbox.filter((msg) => msg.to === email).at(-1)!;
    // The subject names nobody (src/server/features/organisation/invitation-mail.ts).
    expect(mail.subject).toBe('Invitation à rejoindre une équipe sur NutriCarte');
    const token = invitationTokenFor(t, email);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([`http://localhost:3000/invitation/${token}`]);
    expect(mail.text).toContain(`${owner.email.split('@')[0]} vous invite à rejoindre «\u00a0La Cantine\u00a0»`);
    // Only the token's SHA-256 is stored.
    const [row] = await invitationRows(owner.organisationId);
    expect(row!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(await invitationRows(owner.organisationId))).not.toContain(token);

    const listed = await t.request('GET', '/api/organisation', { cookie: owner.cookie });
    expect(listed.body.invitations).toEqual([created.body]);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).body.usage.members).toBe(2);

    const preview = await t.request('GET', `/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      organisationName: 'La Cantine',
      invitedBy: owner.email.split('@')[0],
      email,
      role: 'editor',
      status: 'valid',
    });

    const cook = await t.signUp(email, undefined, 'Chez moi');
    const accepted = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: cook.cookie, body: {} });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organisationId: owner.organisationId });
    expect(accepted.headers.get('x-organisation-id')).toBe(owner.organisationId);

    const me = await t.request('GET', '/api/me', { cookie: cook.cookie });
    expect(me.headers.get('x-organisation-id')).toBe(owner.organisationId);
    expect(me.body.organisation).toEqual({ id: owner.organisationId, name: 'La Cantine', role: 'editor' });
    expect(me.body.organisations).toEqual([
      { id: cook.organisationId, name: 'Chez moi', role: 'owner' },
      { id: owner.organisationId, name: 'La Cantine', role: 'editor' },
    ]);
    expect(me.body.subscription.tier).toBe('premium');
    const team = (await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body;
    expect(
      team.members.map((member: { userId: string; role: string; name: string }) => [
        member.userId,
        member.role,
        member.name,
      ]),
    ).toEqual([
      [owner.user.id, 'owner', owner.email.split('@')[0]],
      [cook.user.id, 'editor', email.split('@')[0]],
    ]);
    expect(team.invitations).toEqual([]);

    // Single use.
    expect((await t.request('GET', `/api/invitations/${token}`)).body.status).toBe('used');
    const again = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: cook.cookie, body: {} });
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([
      409,
      'conflict',
      m.invitationInvalid,
    ]);

    // The history and the CRM, in the same transactions; no invitee address in the CRM payload.
    expect(
      (await auditOf(owner.organisationId)).map((e) => [e.action, e.entity_type, e.entity_name, e.actor_id]),
    ).toEqual([
      ['invited', 'invitation', email, owner.user.id],
      ['joined', 'member', email.split('@')[0], cook.user.id],
    ]);
    const invited = await payloads(owner.organisationId, 'member_invited');
    expect(invited).toEqual([
      {
        user_id: owner.user.id,
        payload: {
          contactEmail: owner.email,
          eventName: 'member_invited',
          eventData: { organisation_id: owner.organisationId, role: 'editor' },
        },
      },
    ]);
    expect(JSON.stringify(invited)).not.toContain(email);
    expect(await payloads(owner.organisationId, 'member_joined')).toEqual([
      {
        user_id: cook.user.id,
        payload: {
          contactEmail: email,
          eventName: 'member_joined',
          eventData: { organisation_id: owner.organisationId, role: 'editor' },
        },
      },
    ]);
    // The cook's CRM contact now carries the organisation they work in.
    const contact = await t.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('user_id', '=', cook.user.id)
      .where('name', '=', 'sync_contact')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(contact.payload).toMatchObject({ email, restaurantName: 'La Cantine', subscriptionTier: 'premium' });
  });

  it('refuses another address, leaving the invitation valid for the right one', async () => {
    const owner = await premiumOwner();
    const email = uniqueEmail('invite');
    const token = await invite(t, owner, email, 'viewer');
    const stranger = await t.signUp();
    const refused = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: stranger.cookie, body: {} });
    expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([
      403,
      'forbidden',
      m.invitationOtherEmail,
    ]);
    expect(refused.headers.get('x-organisation-id')).toBe(stranger.organisationId);
    expect(
      await t.db
        .selectFrom('memberships')
        .select('user_id')
        .where('organisation_id', '=', owner.organisationId)
        .execute(),
    ).toHaveLength(1);
    expect((await t.request('GET', `/api/invitations/${token}`)).body.status).toBe('valid');
    const anonymous = await t.request('POST', `/api/invitations/${token}/accept`, { body: {} });
    expect(anonymous.status).toBe(401);
    const invited = await t.signUp(email);
    expect(
      (await t.request('POST', `/api/invitations/${token}/accept`, { cookie: invited.cookie, body: {} })).status,
    ).toBe(200);
  });

  it('refuses an expired link and an unknown one', async () => {
    const owner = await premiumOwner();
    const email = uniqueEmail('tard');
    const token = await invite(t, owner, email, 'editor');
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await t.request('GET', `/api/invitations/${token}`)).body.status).toBe('expired');
    const late = await t.signUp(email);
    const refused = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: late.cookie, body: {} });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
    // An expired invitation is not pending: not listed, not counted.
    expect((await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body.invitations).toEqual([]);
    for (const unknown of ['x'.repeat(43), 'pas-un-jeton', "1' OR '1'='1"]) {
      const preview = await t.request('GET', `/api/invitations/${encodeURIComponent(unknown)}`);
      expect([preview.status, preview.body.error.message]).toEqual([404, m.invitationInvalid]);
      expect(
        (
          await t.request('POST', `/api/invitations/${encodeURIComponent(unknown)}/accept`, {
            cookie: late.cookie,
            body: {},
          })
        ).status,
      ).toBe(404);
    }
  });

  it('revokes a pending invitation; inviting the same address again replaces it', async () => {
    const owner = await premiumOwner();
    const email = uniqueEmail('remplace');
    const first = await invite(t, owner, email, 'viewer');
    const second = await invite(t, owner, email, 'editor');
    expect((await t.request('GET', `/api/invitations/${first}`)).body.status).toBe('revoked');
    const pending = (await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body.invitations;
    expect(pending.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([[email, 'editor']]);

    const revoked = await t.request('DELETE', `/api/organisation/invitations/${pending[0].id}`, {
      cookie: owner.cookie,
    });
    expect(revoked.status).toBe(204);
    expect((await t.request('GET', `/api/invitations/${second}`)).body.status).toBe('revoked');
    expect(
      (await t.request('DELETE', `/api/organisation/invitations/${pending[0].id}`, { cookie: owner.cookie })).status,
    ).toBe(404);
    const invited = await t.signUp(email);
    expect(
      (await t.request('POST', `/api/invitations/${second}/accept`, { cookie: invited.cookie, body: {} })).status,
    ).toBe(409);
    expect((await auditOf(owner.organisationId)).map((e) => e.action)).toEqual(['invited', 'invited', 'revoked']);
  });

  it('refuses to invite a member again (422 on the address) and bad bodies, storing nothing', async () => {
    const owner = await premiumOwner();
    for (const [body, field, message] of [
      [{ email: owner.email.toUpperCase(), role: 'editor' }, 'email', m.alreadyMember],
      [{ email: 'pas-une-adresse', role: 'editor' }, 'email', m.emailInvalid],
      [{ email: uniqueEmail(), role: 'chef' }, 'role', m.roleInvalid],
      [{ role: 'viewer' }, 'email', m.emailRequired],
    ] as const) {
      const res = await t.request('POST', '/api/organisation/invitations', { cookie: owner.cookie, body });
      expect([res.status, res.body.error.code, res.body.error.fields[field]]).toEqual([422, 'validation', message]);
    }
    expect(await invitationRows(owner.organisationId)).toEqual([]);
  });

  it('keeps invitations for Premium: a free organisation is refused, stores nothing and sends nothing', async () => {
    const owner = await t.signUp();
    const email = uniqueEmail('gratuit');
    const res = await t.request('POST', '/api/organisation/invitations', {
      cookie: owner.cookie,
      body: { email, role: 'editor' },
    });
    expect([res.status, res.body.error.code]).toEqual([403, 'plan_limit']);
    expect(res.body.error.message).toContain('Invitations réservées au plan Premium');
    expect(await invitationRows(owner.organisationId)).toEqual([]);
    expect(t.mailbox.filter((msg) => msg.to === email)).toEqual([]);
    expect(await payloads(owner.organisationId, 'member_invited')).toEqual([]);

    // An organisation back on the free plan takes no one new through an older link.
    const premium = await premiumOwner();
    const late = uniqueEmail('apres');
    const token = await invite(t, premium, late, 'editor');
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'free' })
      .where('organisation_id', '=', premium.organisationId)
      .execute();
    const joiner = await t.signUp(late);
    const refused = await t.request('POST', `/api/invitations/${token}/accept`, { cookie: joiner.cookie, body: {} });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'plan_limit']);
    expect((await t.request('GET', `/api/invitations/${token}`)).body.status).toBe('valid');
  });

  it('keeps no invitation whose mail could not be sent (503, « réessayez »)', async () => {
    const owner = await premiumOwner();
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await t.request('POST', '/api/organisation/invitations', {
        cookie: owner.cookie,
        body: { email: uniqueEmail(), role: 'editor' },
        allowServerError: true,
      });
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        503,
        'unavailable',
        m.invitationMailFailed,
      ]);
    } finally {
      t.deps.mailer.send = send;
    }
    expect(await invitationRows(owner.organisationId)).toEqual([]);
    expect(await auditOf(owner.organisationId)).toEqual([]);
    expect(await payloads(owner.organisationId, 'member_invited')).toEqual([]);
  });
});

describe('invitations as a mail cannon (the outside attack)', () => {
  it(`at most ${INVITATIONS_PER_HOUR} invitations an hour per organisation, then 429 with Retry-After; no name in any subject; a name with a line break is refused`, async () => {
    const owner = await t.signUp(undefined, undefined, 'La Brigade');
    await makePremium(t, owner.organisationId);
    const renamed = await t.request('PUT', '/api/organisation', {
      cookie: owner.cookie,
      body: { name: 'Promo\nhttp://evil.test/gagnez' },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error.fields.name).toMatch(/retour à la ligne/);
    const sent = t.mailbox.length;
    const statuses: number[] = [];
    for (let i = 0; i < INVITATIONS_PER_HOUR + 2; i++)
      statuses.push(
        (
          await t.request('POST', '/api/organisation/invitations', {
            cookie: owner.cookie,
            body: { email: `invite-${i}-${owner.user.id}@example.com`, role: 'editor' },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(INVITATIONS_PER_HOUR).fill(201), 429, 429]);
    const mails = t.mailbox.slice(sent);
    expect(mails).toHaveLength(INVITATIONS_PER_HOUR);
    expect(new Set(mails.map((m) => m.subject))).toEqual(new Set(['Invitation à rejoindre une équipe sur NutriCarte']));
    const refused = await t.request('POST', '/api/organisation/invitations', {
      cookie: owner.cookie,
      body: { email: `encore-${owner.user.id}@example.com`, role: 'editor' },
    });
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.body.error.code).toBe('rate_limited');
  });
});
