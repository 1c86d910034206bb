import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedOnPostgres, usePreparedStatements } from './prepared.ts';

/** A pool that hands out one client recording what it is asked to run. */
function fakePool() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) };
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

    client.query(hot, ['a', true]);
    client.query(hot, ['b', true]);
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
