import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for the hottest queries (the public menu page, read by a whole
 * dining room). PostgreSQL then parses and plans such a query once per connection instead of
 * on every request: 0.25 ms instead of 0.54 ms for the menu page's query.
 *
 * A query opts in with `preparedOnPostgres(sql)`: from then on, every connection of a
 * PostgreSQL pool that runs exactly this text (Kysely passes `client.query(text, values)`)
 * runs it as a named statement, whose name is derived from the text. The embedded database
 * is left as it is (one in-process session, no network round trips to save).
 */
const names = new Map<string, string>();

export function preparedOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `nc_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`);
}

type QueryFn = (...args: unknown[]) => unknown;

/** Routes the registered texts of every client of `pool` through named statements. */
export function usePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
      return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
    };
  });
}
