import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember } from '../../test/teams.ts';
import { countOwnedRows } from './delete-account.ts';

/** Account deletion and export in a team (docs/product/organisations.md « Account deletion and export »). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recipe = (name: string) => ({
  name,
  servings: 2,
  ingredients: [{ code: '16400', quantity: 100, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
});
const organisationExists = async (id: string) =>
  Boolean(await t.db.selectFrom('organisations').select('id').where('id', '=', id).executeTakeFirst());

describe('deleting an account of a team', () => {
  it('asks the last owner of an organisation with other members to hand ownership over first (409), deleting nothing', async () => {
    const owner = await t.signUp(undefined, undefined, 'La Cantine');
    await addMember(t, owner, 'editor');
    const before = await countOwnedRows(t.deps, owner.user.id);
    const refused = await t.request('DELETE', '/api/account', {
      cookie: owner.cookie,
      body: { password: owner.password },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toBe(
      'Transférez la propriété de «\u00a0La Cantine\u00a0» à un autre membre avant de supprimer votre compte.',
    );
    expect(await countOwnedRows(t.deps, owner.user.id)).toBe(before);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).status).toBe(200);
    // The wrong password is still told first.
    expect(
      (await t.request('DELETE', '/api/account', { cookie: owner.cookie, body: { password: 'pas-le-bon' } })).status,
    ).toBe(422);
  });

  it('a member’s account goes; their organisation of one is deleted, the team keeps what they made, and its history says they left', async () => {
    const owner = await t.signUp();
    const cook = await addMember(t, owner, 'editor');
    const made = (await t.request('POST', '/api/recipes', { cookie: cook.cookie, body: recipe('Tarte du chef') })).body;
    const res = await t.request('DELETE', '/api/account', { cookie: cook.cookie, body: { password: cook.password } });
    expect(res.status).toBe(204);
    expect(await organisationExists(cook.organisationId)).toBe(false);
    expect(await organisationExists(owner.organisationId)).toBe(true);
    const kept = await t.db
      .selectFrom('recipes')
      .select(['created_by', 'organisation_id'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ created_by: null, organisation_id: owner.organisationId });
    expect(await countOwnedRows(t.deps, cook.user.id)).toBe(0);
    const team = (await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body;
    expect(team.members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id]);
    const last = (await t.request('GET', '/api/organisation/history', { cookie: owner.cookie })).body.events[0];
    expect(last).toMatchObject({
      action: 'left',
      actor: { userId: null, name: cook.email.split('@')[0] },
      entity: { type: 'member', id: cook.user.id },
      details: { role: 'editor', accountDeleted: true },
    });
  });

  it('one of two owners may go: the other keeps the organisation', async () => {
    const owner = await t.signUp();
    const partner = await addMember(t, owner, 'owner');
    expect(
      (await t.request('DELETE', '/api/account', { cookie: owner.cookie, body: { password: owner.password } })).status,
    ).toBe(204);
    expect(await organisationExists(owner.organisationId)).toBe(true);
    await t.request('PUT', '/api/me/organisation', {
      cookie: partner.cookie,
      body: { organisationId: owner.organisationId },
    });
    expect(
      (await t.request('GET', '/api/organisation', { cookie: partner.cookie })).body.members.map(
        (m: { role: string }) => m.role,
      ),
    ).toEqual(['owner']);
  });
});

describe('export of an account of a team', () => {
  it('covers the organisations the account owns, not those it is only a member of, and no other member’s address', async () => {
    const owner = await t.signUp(undefined, undefined, 'La Cantine');
    const cook = await addMember(t, owner, 'editor');
    await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe('Recette de la cantine') });
    await t.request('PUT', '/api/me/organisation', {
      cookie: cook.cookie,
      body: { organisationId: cook.organisationId },
    });
    await t.request('POST', '/api/recipes', { cookie: cook.cookie, body: recipe('Recette perso') });

    const mine = (await t.request('GET', '/api/account/export', { cookie: cook.cookie })).body;
    expect(mine.memberships.map((m: { organisationId: string; role: string }) => [m.organisationId, m.role])).toEqual([
      [cook.organisationId, 'owner'],
      [owner.organisationId, 'editor'],
    ]);
    expect(mine.organisations.map((o: { id: string }) => o.id)).toEqual([cook.organisationId]);
    expect(mine.organisations[0].recipes.map((r: { name: string }) => r.name)).toEqual(['Recette perso']);
    const text = JSON.stringify(mine);
    expect(text).not.toContain('Recette de la cantine');
    expect(text).not.toContain(owner.email);

    const theirs = (await t.request('GET', '/api/account/export', { cookie: owner.cookie })).body;
    expect(theirs.organisations.map((o: { id: string; name: string }) => [o.id, o.name])).toEqual([
      [owner.organisationId, 'La Cantine'],
    ]);
    expect(JSON.stringify(theirs)).not.toContain(cook.email);
  });
});
