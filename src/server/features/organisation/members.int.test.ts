import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMessages as m } from '../../../shared/api/organisations.ts';
import { permissionMessages } from '../../../shared/permissions.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember } from '../../test/teams.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recipe = {
  name: 'Blanquette',
  servings: 4,
  ingredients: [{ code: '16400', quantity: 100, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
};
const memberRoles = async (organisationId: string) =>
  Object.fromEntries(
    (
      await t.db
        .selectFrom('memberships')
        .select(['user_id', 'role'])
        .where('organisation_id', '=', organisationId)
        .execute()
    ).map((r) => [r.user_id, r.role]),
  );
const actions = async (organisationId: string) =>
  (
    await t.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id', 'details'])
      .where('organisation_id', '=', organisationId)
      .orderBy('id')
      .execute()
  ).filter((e) => !['invited', 'joined'].includes(e.action));

describe('GET /api/organisation', () => {
  it('lists the members to everyone, and the pending invitations to owners only', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    const viewer = await addMember(t, owner, 'viewer');
    await t.request('POST', '/api/organisation/invitations', {
      cookie: owner.cookie,
      body: { email: 'attente@example.com', role: 'editor' },
    });
    const asOwner = (await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body;
    expect(asOwner).toMatchObject({ id: owner.organisationId, name: 'Le Relais', role: 'owner' });
    expect(asOwner.members).toEqual([
      {
        userId: owner.user.id,
        email: owner.email,
        name: owner.email.split('@')[0],
        role: 'owner',
        joinedAt: expect.any(String),
      },
      {
        userId: viewer.user.id,
        email: viewer.email,
        name: viewer.email.split('@')[0],
        role: 'viewer',
        joinedAt: expect.any(String),
      },
    ]);
    expect(asOwner.invitations.map((i: { email: string }) => i.email)).toEqual(['attente@example.com']);
    const asViewer = await t.request('GET', '/api/organisation', { cookie: viewer.cookie });
    expect(asViewer.body).toEqual({ ...asOwner, role: 'viewer', invitations: [] });
    expect(asViewer.headers.get('cache-control')).toBe('no-store');
  });

  it('renames the organisation (owners), which is the CRM name of everyone working in it', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    const editor = await addMember(t, owner, 'editor');
    const refused = await t.request('PUT', '/api/organisation', {
      cookie: editor.cookie,
      body: { name: 'Chez l’éditeur' },
    });
    expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([
      403,
      'forbidden',
      permissionMessages.forbidden,
    ]);
    const blank = await t.request('PUT', '/api/organisation', { cookie: owner.cookie, body: { name: '  ' } });
    expect([blank.status, blank.body.error.fields.name]).toEqual([422, m.nameRequired]);
    const renamed = await t.request('PUT', '/api/organisation', {
      cookie: owner.cookie,
      body: { name: ' Le Relais des Halles ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: owner.organisationId, name: 'Le Relais des Halles', role: 'owner' });
    expect((await t.request('GET', '/api/me', { cookie: editor.cookie })).body.profile.restaurantName).toBe(
      'Le Relais des Halles',
    );
    for (const user of [owner, editor]) {
      const last = await t.db
        .selectFrom('event_outbox')
        .select('payload')
        .where('user_id', '=', user.user.id)
        .where('name', '=', 'sync_contact')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.payload).toMatchObject({ email: user.email, restaurantName: 'Le Relais des Halles' });
    }
    expect((await actions(owner.organisationId)).map((e) => [e.action, e.details])).toEqual([
      ['updated', { previousName: 'Le Relais' }],
    ]);
  });
});

describe('roles', () => {
  it('lets an owner change roles, and keeps the last owner', async () => {
    const owner = await t.signUp();
    const cook = await addMember(t, owner, 'editor');
    const demoteLast = await t.request('PATCH', `/api/organisation/members/${owner.user.id}`, {
      cookie: owner.cookie,
      body: { role: 'editor' },
    });
    expect([demoteLast.status, demoteLast.body.error.code, demoteLast.body.error.message]).toEqual([
      409,
      'conflict',
      m.lastOwner,
    ]);
    const byEditor = await t.request('PATCH', `/api/organisation/members/${owner.user.id}`, {
      cookie: cook.cookie,
      body: { role: 'viewer' },
    });
    expect(byEditor.status).toBe(403);

    const promoted = await t.request('PATCH', `/api/organisation/members/${cook.user.id}`, {
      cookie: owner.cookie,
      body: { role: 'owner' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: cook.user.id, role: 'owner' });
    // Two owners: the first may now step down.
    expect(
      (
        await t.request('PATCH', `/api/organisation/members/${owner.user.id}`, {
          cookie: owner.cookie,
          body: { role: 'viewer' },
        })
      ).status,
    ).toBe(200);
    expect(await memberRoles(owner.organisationId)).toEqual({ [owner.user.id]: 'viewer', [cook.user.id]: 'owner' });
    // A viewer's next request writes nothing.
    expect((await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe })).status).toBe(403);

    expect(
      (
        await t.request('PATCH', `/api/organisation/members/${crypto.randomUUID()}`, {
          cookie: cook.cookie,
          body: { role: 'viewer' },
        })
      ).status,
    ).toBe(404);
    const bad = await t.request('PATCH', `/api/organisation/members/${owner.user.id}`, {
      cookie: cook.cookie,
      body: { role: 'chef' },
    });
    expect([bad.status, bad.body.error.fields.role]).toEqual([422, m.roleInvalid]);
    expect((await actions(owner.organisationId)).map((e) => [e.action, e.entity_id, e.details])).toEqual([
      ['role_changed', cook.user.id, { from: 'editor', to: 'owner' }],
      ['role_changed', owner.user.id, { from: 'owner', to: 'viewer' }],
    ]);
  });
});

describe('losing access', () => {
  async function teamWithRecipe(): Promise<{
    owner: SignedUpUser;
    cook: Awaited<ReturnType<typeof addMember>>;
    recipeId: string;
  }> {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    const cook = await addMember(t, owner, 'editor');
    const created = await t.request('POST', '/api/recipes', { cookie: cook.cookie, body: recipe });
    expect(created.status).toBe(201);
    return { owner, cook, recipeId: created.body.id };
  }

  it('a removed member’s next request falls back to their own organisation and says so; the old rows answer 404', async () => {
    const { owner, cook, recipeId } = await teamWithRecipe();
    expect((await t.request('GET', `/api/recipes/${recipeId}`, { cookie: cook.cookie })).status).toBe(200);
    const removed = await t.request('DELETE', `/api/organisation/members/${cook.user.id}`, { cookie: owner.cookie });
    expect(removed.status).toBe(204);
    expect(removed.headers.get('x-organisation-id')).toBe(owner.organisationId);

    const next = await t.request('GET', `/api/recipes/${recipeId}`, { cookie: cook.cookie });
    expect([next.status, next.body.error.code]).toEqual([404, 'not_found']);
    expect(next.headers.get('x-organisation-id')).toBe(cook.organisationId);
    const me = (await t.request('GET', '/api/me', { cookie: cook.cookie })).body;
    expect(me.organisation).toEqual({ id: cook.organisationId, name: 'Mon Restaurant', role: 'owner' });
    expect(me.organisations.map((o: { id: string }) => o.id)).toEqual([cook.organisationId]);
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('active_organisation_id')
          .where('id', '=', cook.user.id)
          .executeTakeFirstOrThrow()
      ).active_organisation_id,
    ).toBe(cook.organisationId);
    // What the cook wrote stays with the organisation.
    expect((await t.request('GET', `/api/recipes/${recipeId}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await actions(owner.organisationId)).map((e) => [e.action, e.entity_id, e.details])).toEqual([
      ['created', recipeId, {}],
      ['removed', cook.user.id, { role: 'editor' }],
    ]);
    const event = await t.db
      .selectFrom('event_outbox')
      .select(['user_id', 'payload'])
      .where('name', '=', 'member_removed')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect((event.payload as { eventData: unknown }).eventData).toEqual({
      organisation_id: owner.organisationId,
      role: 'editor',
      reason: 'removed',
    });
  });

  it('a removed member’s ingredient search no longer finds the organisation’s recipes: it falls back and searches their own', async () => {
    const { owner, cook } = await teamWithRecipe();
    const search = () => t.request('GET', '/api/catalogue/ingredients?q=blanquette&limit=10', { cookie: cook.cookie });
    expect((await search()).body.hits[0]).toMatchObject({ kind: 'recipe', name: 'Blanquette', group: 'Ma recette' });
    expect(
      (await t.request('DELETE', `/api/organisation/members/${cook.user.id}`, { cookie: owner.cookie })).status,
    ).toBe(204);
    const after = await search();
    expect(after.status).toBe(200);
    expect(after.body.hits.map((h: { kind: string }) => h.kind)).not.toContain('recipe');
    expect(after.headers.get('cache-control')).toBe('private, no-cache');
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('active_organisation_id')
          .where('id', '=', cook.user.id)
          .executeTakeFirstOrThrow()
      ).active_organisation_id,
    ).toBe(cook.organisationId);
    const own = await t.request('POST', '/api/recipes', {
      cookie: cook.cookie,
      body: { ...recipe, name: 'Blanquette de la maison' },
    });
    expect(own.status).toBe(201);
    expect((await search()).body.hits[0]).toMatchObject({ kind: 'recipe', id: own.body.id });
  });

  it('an account left without any organisation gets a new one of its own', async () => {
    const { owner, cook } = await teamWithRecipe();
    await t.db.deleteFrom('organisations').where('id', '=', cook.organisationId).execute();
    expect(
      (await t.request('DELETE', `/api/organisation/members/${cook.user.id}`, { cookie: owner.cookie })).status,
    ).toBe(204);
    const me = await t.request('GET', '/api/me', { cookie: cook.cookie });
    expect(me.status).toBe(200);
    expect(me.body.organisation).toMatchObject({ name: 'Mon Restaurant', role: 'owner' });
    expect(me.body.organisation.id).not.toBe(owner.organisationId);
    expect(me.headers.get('x-organisation-id')).toBe(me.body.organisation.id);
    expect(me.body.subscription.tier).toBe('free');
    expect((await t.request('GET', '/api/establishments', { cookie: cook.cookie })).body.establishments).toHaveLength(
      1,
    );
  });

  it('a member may leave (and works in their own organisation at once); the last owner may not', async () => {
    const { owner, cook } = await teamWithRecipe();
    const lastOwner = await t.request('DELETE', `/api/organisation/members/${owner.user.id}`, { cookie: owner.cookie });
    expect([lastOwner.status, lastOwner.body.error.message]).toEqual([409, m.lastOwner]);
    const otherMember = await t.request('DELETE', `/api/organisation/members/${owner.user.id}`, {
      cookie: cook.cookie,
    });
    expect(otherMember.status).toBe(403);
    const left = await t.request('DELETE', `/api/organisation/members/${cook.user.id}`, { cookie: cook.cookie });
    expect(left.status).toBe(204);
    expect(left.headers.get('x-organisation-id')).toBe(cook.organisationId);
    expect(await memberRoles(owner.organisationId)).toEqual({ [owner.user.id]: 'owner' });
    expect((await actions(owner.organisationId)).at(-1)).toMatchObject({ action: 'left', entity_id: cook.user.id });
    expect(
      (await t.request('DELETE', `/api/organisation/members/${cook.user.id}`, { cookie: owner.cookie })).status,
    ).toBe(404);
  });
});

describe('PUT /api/me/organisation', () => {
  it('switches between the account’s organisations, and refuses another', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    const cook = await addMember(t, owner, 'editor');
    const stranger = await t.signUp();
    const back = await t.request('PUT', '/api/me/organisation', {
      cookie: cook.cookie,
      body: { organisationId: cook.organisationId },
    });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ id: cook.organisationId, name: 'Mon Restaurant', role: 'owner' });
    expect(back.headers.get('x-organisation-id')).toBe(cook.organisationId);
    expect((await t.request('GET', '/api/recipes', { cookie: cook.cookie })).headers.get('x-organisation-id')).toBe(
      cook.organisationId,
    );
    const sync = await t.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('user_id', '=', cook.user.id)
      .where('name', '=', 'sync_contact')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sync.payload).toMatchObject({ restaurantName: 'Mon Restaurant' });

    const foreign = await t.request('PUT', '/api/me/organisation', {
      cookie: cook.cookie,
      body: { organisationId: stranger.organisationId },
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const bad = await t.request('PUT', '/api/me/organisation', {
      cookie: cook.cookie,
      body: { organisationId: 'pas-un-id' },
    });
    expect([bad.status, bad.body.error.fields.organisationId]).toEqual([422, m.organisationRequired]);
    expect((await t.request('GET', '/api/me', { cookie: cook.cookie })).body.organisation.id).toBe(cook.organisationId);
  });
});
