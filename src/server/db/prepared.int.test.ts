import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPublicMenu } from '../features/public-menu/service.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the public menu query', () => {
  it('runs as a named prepared statement of the connection on PostgreSQL, unnamed on the embedded database', async () => {
    const owner = await t.signUp();
    const menu = (
      await t.request('POST', '/api/menus', { cookie: owner.cookie, body: { name: 'Carte', isActive: true } })
    ).body;
    const prepared = await t.db.connection().execute(async (conn) => {
      expect((await loadPublicMenu(conn, menu.id))?.name).toBe('Carte');
      expect((await loadPublicMenu(conn, menu.id))?.name).toBe('Carte');
      return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(conn)).rows.map(
        (r) => r.name,
      );
    });
    expect(prepared.filter((name) => name.startsWith('nc_'))).toHaveLength(t.deps.dbKind === 'postgres' ? 1 : 0);
  });
});
