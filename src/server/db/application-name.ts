import type pg from 'pg';
import { requestContext } from '../lib/request-context.ts';

/**
 * Each PostgreSQL connection says which request it works for in `application_name`
 * (`nc:<request id>`, `nutricarte` between requests), so `pg_stat_activity` and the server's
 * log (`%a` in log_line_prefix) name the request behind a slow query or a lock, and the
 * request's own log line gives the same id (docs/operations.md « Logs »). The name is set
 * once per request per connection, by a `SET` before its first query there; a rollback may
 * undo it, so it is set again after one.
 */
export const IDLE_APPLICATION_NAME = 'nutricarte';

const nameFor = (requestId: string | undefined) =>
  requestId ? `nc:${requestId.replace(/[^\w.:-]/g, '').slice(0, 60)}` : IDLE_APPLICATION_NAME;

type QueryFn = (...args: unknown[]) => Promise<unknown>;

export function tagConnectionsWithRequest(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    let current: string | undefined;
    (client as unknown as { query: QueryFn }).query = (text: unknown, ...rest: unknown[]) => {
      const wanted = nameFor(requestContext.getStore()?.requestId);
      // A submittable (a cursor, a stream) is passed as it is: it must be returned, not awaited.
      if (typeof text !== 'string') return query(text, ...rest);
      const rollback = /^\s*rollback\b/i.test(text);
      if (wanted === current) {
        if (rollback) current = undefined;
        return query(text, ...rest);
      }
      const callback = typeof rest.at(-1) === 'function' ? (rest.at(-1) as (error: unknown) => void) : undefined;
      const tagged = query(`SET application_name = '${wanted}'`).then(() => {
        current = rollback ? undefined : wanted;
        return query(text, ...rest);
      });
      if (!callback) return tagged;
      tagged.catch(callback);
      return undefined as never;
    };
  });
}
