import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedOnPostgres, usePreparedStatements } from './prepared.ts';

/** A pool that hands out one client recording what it is asked to run (`fail` rejects named runs). */
function fakePool(fail?: { code: string }) {
  const calls: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      const named = typeof args[0] === 'object' && args[0] !== null && 'name' in args[0];
      return fail && named ? Promise.reject(Object.assign(new Error('stale'), fail)) : Promise.resolve({ rows: [] });
    },
  };
  const pool = new EventEmitter();
  usePreparedStatements(pool as unknown as pg.Pool);
  pool.emit('connect', client);
  return { client, calls };
}

describe('named prepared statements', () => {
  it('runs a registered text as a named statement, and everything else as it is', () => {
    const hot = 'SELECT m.id FROM menus AS m WHERE m.id = $1 AND m.is_active = $2';
    preparedOnPostgres(hot);
    preparedOnPostgres(hot); // registering twice keeps one name
    const { client, calls } = fakePool();

    void client.query(hot, ['a', true]);
    void client.query(hot, ['b', true]);
    client.query('SELECT 1', []);
    client.query('BEGIN');
    const cursor = { text: hot };
    client.query(cursor);

    const [first, second, other, begin, cursorCall] = calls;
    expect(first).toEqual([{ name: expect.stringMatching(/^nc_[0-9a-f]{20}$/), text: hot, values: ['a', true] }]);
    expect((second![0] as { name: string }).name).toBe((first![0] as { name: string }).name);
    expect(other).toEqual(['SELECT 1', []]);
    expect(begin).toEqual(['BEGIN', undefined]);
    expect(cursorCall).toEqual([cursor, undefined]);
  });

  it('gives different texts different names', () => {
    preparedOnPostgres('SELECT $1::int');
    preparedOnPostgres('SELECT $1::text');
    const { client, calls } = fakePool();
    client.query('SELECT $1::int', [1]);
    client.query('SELECT $1::text', ['1']);
    const names = calls.map((c) => (c[0] as { name: string }).name);
    expect(new Set(names).size).toBe(2);
  });
});

describe('a prepared plan the server cannot use', () => {
  it('runs the query unnamed on that connection from then on (a migration changed the table)', async () => {
    const hot = 'SELECT m.name FROM menus AS m WHERE m.id = $1';
    preparedOnPostgres(hot);
    const { client, calls } = fakePool({ code: '0A000' });
    await client.query(hot, ['a']);
    await client.query(hot, ['b']);
    expect(calls.map((c) => (typeof c[0] === 'string' ? 'unnamed' : 'named'))).toEqual(['named', 'unnamed', 'unnamed']);
  });

  it('passes any other error on', async () => {
    const hot = 'SELECT m.id FROM menus AS m WHERE m.user_id = $1';
    preparedOnPostgres(hot);
    const { client } = fakePool({ code: '42P01' });
    await expect(client.query(hot, ['a'])).rejects.toMatchObject({ code: '42P01' });
  });
});
