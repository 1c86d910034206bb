import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMessages as m } from '../../../shared/api/organisations.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium } from '../../test/teams.ts';
import { HISTORY_PAGE_SIZE } from './history.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recipe = (patch: Record<string, unknown> = {}) => ({
  name: 'Quiche lorraine',
  servings: 6,
  ingredients: [{ code: '16400', quantity: 50, unit: 'g' }],
  allergens: ['Lait'],
  dietaryInfo: [],
  ...patch,
});
const summary = (
  events: { action: string; actor: { name: string }; entity: { type: string; name: string }; details: unknown }[],
) => events.map((e) => [e.action, e.actor.name, e.entity.type, e.entity.name, e.details]);

describe('« Historique »', () => {
  it('records who created, changed and confirmed the allergens of a recipe; the recipe says who confirmed them, and when', async () => {
    const owner = await t.signUp();
    const marie = await addMember(t, owner, 'editor');
    await t.db.updateTable('users').set({ name: 'Marie' }).where('id', '=', marie.user.id).execute();
    const ownerName = owner.email.split('@')[0];

    const created = await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe() });
    expect(created.body).toMatchObject({
      allergenStatus: 'unverified',
      allergensConfirmedBy: null,
      allergensConfirmedAt: null,
    });
    const id = created.body.id;
    await t.request('PUT', `/api/recipes/${id}`, { cookie: owner.cookie, body: recipe({ name: 'Quiche' }) });
    const before = Date.now();
    const confirmed = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: marie.cookie,
      body: recipe({ name: 'Quiche', allergens: ['Lait', 'Œufs'], allergensDeclared: true }),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.allergensConfirmedBy).toEqual({ userId: marie.user.id, name: 'Marie' });
    expect(Date.parse(confirmed.body.allergensConfirmedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Saved again unchanged by the owner: still Marie's confirmation.
    const resaved = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: owner.cookie,
      body: recipe({ name: 'Quiche', allergens: ['Lait', 'Œufs'], allergensDeclared: true, description: 'Maison' }),
    });
    expect(resaved.body.allergensConfirmedBy).toEqual({ userId: marie.user.id, name: 'Marie' });
    expect(resaved.body.allergensConfirmedAt).toBe(confirmed.body.allergensConfirmedAt);
    // A changed list of a declared recipe is confirmed by whoever saved it.
    const changed = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: owner.cookie,
      body: recipe({ name: 'Quiche', allergens: ['Lait', 'Œufs', 'Gluten'], allergensDeclared: true }),
    });
    expect(changed.body.allergensConfirmedBy).toEqual({ userId: owner.user.id, name: ownerName });
    // Unverified again: nobody vouches any more.
    const unverified = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: marie.cookie,
      body: recipe({ name: 'Quiche' }),
    });
    expect(unverified.body).toMatchObject({
      allergenStatus: 'unverified',
      allergensConfirmedBy: null,
      allergensConfirmedAt: null,
    });

    const history = await t.request('GET', `/api/recipes/${id}/history`, { cookie: marie.cookie });
    expect(history.status).toBe(200);
    expect(summary(history.body.events)).toEqual([
      ['updated', 'Marie', 'recipe', 'Quiche', {}],
      ['allergens_confirmed', ownerName, 'recipe', 'Quiche', { allergens: ['Lait', 'Œufs', 'Gluten'], traces: [] }],
      ['updated', ownerName, 'recipe', 'Quiche', {}],
      ['updated', ownerName, 'recipe', 'Quiche', {}],
      ['allergens_confirmed', 'Marie', 'recipe', 'Quiche', { allergens: ['Lait', 'Œufs'], traces: [] }],
      ['updated', 'Marie', 'recipe', 'Quiche', {}],
      ['updated', ownerName, 'recipe', 'Quiche', { previousName: 'Quiche lorraine' }],
      ['created', ownerName, 'recipe', 'Quiche lorraine', {}],
    ]);
    expect(history.body.events[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actor: { userId: marie.user.id, name: 'Marie' },
      action: 'updated',
      entity: { type: 'recipe', id, name: 'Quiche' },
      details: {},
    });

    // A new recipe sent declared is confirmed by its author at once.
    const declared = await t.request('POST', '/api/recipes', {
      cookie: marie.cookie,
      body: recipe({ name: 'Salade', allergens: [], allergensDeclared: true }),
    });
    expect(declared.body.allergensConfirmedBy).toEqual({ userId: marie.user.id, name: 'Marie' });
    const declaredHistory = (
      await t.request('GET', `/api/recipes/${declared.body.id}/history`, { cookie: owner.cookie })
    ).body.events;
    expect(declaredHistory.map((e: { action: string }) => e.action)).toEqual(['allergens_confirmed', 'created']);

    // The name stays once Marie's account is gone.
    await t.request('DELETE', `/api/organisation/members/${marie.user.id}`, { cookie: owner.cookie });
    const deletion = await t.request('DELETE', '/api/account', {
      cookie: marie.cookie,
      body: { password: marie.password },
    });
    expect(deletion.status).toBe(204);
    const after = (await t.request('GET', `/api/recipes/${declared.body.id}`, { cookie: owner.cookie })).body;
    expect(after.allergensConfirmedBy).toEqual({ userId: null, name: 'Marie' });
    const kept = (await t.request('GET', `/api/recipes/${declared.body.id}/history`, { cookie: owner.cookie })).body
      .events;
    expect(kept.map((e: { actor: unknown }) => e.actor)).toEqual([
      { userId: null, name: 'Marie' },
      { userId: null, name: 'Marie' },
    ]);
  });

  it('a recipe of another organisation, or a deleted one, has no history to show (404)', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const id = (await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe() })).body.id;
    expect((await t.request('GET', `/api/recipes/${id}/history`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request('GET', `/api/recipes/pas-un-id/history`, { cookie: owner.cookie })).status).toBe(404);
    await t.request('DELETE', `/api/recipes/${id}`, { cookie: owner.cookie });
    expect((await t.request('GET', `/api/recipes/${id}/history`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('shows owners the organisation’s whole history, newest first, page by page; not to editors or viewers', async () => {
    const owner = await t.signUp();
    const editor = await addMember(t, owner, 'editor');
    const viewer = await addMember(t, owner, 'viewer');
    const stranger = await t.signUp();
    await makePremium(t, stranger.organisationId);
    await t.request('POST', '/api/menus', { cookie: stranger.cookie, body: { name: 'Pas chez nous' } });
    const menu = (await t.request('POST', '/api/menus', { cookie: editor.cookie, body: { name: 'Carte' } })).body;
    await t.request('PATCH', `/api/menus/${menu.id}`, { cookie: editor.cookie, body: { isActive: false } });
    const qr = (
      await t.request('POST', '/api/qr-codes', { cookie: editor.cookie, body: { name: 'Table 1', menuId: menu.id } })
    ).body;
    await t.request('PATCH', `/api/qr-codes/${qr.id}`, { cookie: editor.cookie, body: { status: 'inactive' } });
    await t.request('DELETE', `/api/qr-codes/${qr.id}`, { cookie: editor.cookie });
    await t.request('PUT', `/api/menus/${menu.id}`, {
      cookie: editor.cookie,
      body: { name: 'Carte d’été', isActive: true },
    });
    await t.request('DELETE', `/api/menus/${menu.id}`, { cookie: owner.cookie });

    const first = await t.request('GET', '/api/organisation/history', { cookie: owner.cookie });
    expect(first.status).toBe(200);
    expect(first.body.nextBefore).toBeNull();
    expect(summary(first.body.events).slice(0, 7)).toEqual([
      ['deleted', owner.email.split('@')[0], 'menu', 'Carte d’été', {}],
      ['updated', editor.email.split('@')[0], 'menu', 'Carte d’été', { previousName: 'Carte' }],
      ['deleted', editor.email.split('@')[0], 'qr_code', 'Table 1', {}],
      ['status_changed', editor.email.split('@')[0], 'qr_code', 'Table 1', { from: 'active', to: 'inactive' }],
      ['created', editor.email.split('@')[0], 'qr_code', 'Table 1', {}],
      ['status_changed', editor.email.split('@')[0], 'menu', 'Carte', { from: true, to: false }],
      ['created', editor.email.split('@')[0], 'menu', 'Carte', {}],
    ]);
    expect(
      summary(first.body.events)
        .slice(7)
        .map((e) => e[0]),
    ).toEqual(['joined', 'invited', 'joined', 'invited']);
    expect(JSON.stringify(first.body)).not.toContain('Pas chez nous');

    for (const user of [editor, viewer]) {
      const refused = await t.request('GET', '/api/organisation/history', { cookie: user.cookie });
      expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
    }
    for (const before of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const bad = await t.request('GET', `/api/organisation/history?before=${before}`, { cookie: owner.cookie });
      expect([bad.status, bad.body.error.fields.before]).toEqual([422, m.historyCursorInvalid]);
    }

    // 110 more events (written directly: paging is a read): three pages, no event twice or left out.
    await sql`
      INSERT INTO audit_events (organisation_id, actor_id, actor_name, action, entity_type, entity_id, entity_name)
      SELECT ${owner.organisationId}, ${editor.user.id}, 'Éditeur', 'created', 'recipe', gen_random_uuid(), 'Recette ' || n
      FROM generate_series(1, 110) AS n`.execute(t.db);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: { events: { id: string }[]; nextBefore: string | null } = (
        await t.request('GET', `/api/organisation/history${cursor ? `?before=${cursor}` : ''}`, {
          cookie: owner.cookie,
        })
      ).body;
      expect(page.events.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.nextBefore;
      pages += 1;
    }
    const all = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where('organisation_id', '=', owner.organisationId)
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(all.map((row) => String(row.id)));
    expect(pages).toBe(Math.floor(all.length / HISTORY_PAGE_SIZE) + 1);
  });
});
