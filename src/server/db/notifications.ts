import pg from 'pg';

/** A channel listened to; `close()` stops listening. */
export interface Subscription {
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** A NOTIFY payload, after the transaction that sent it committed. */
  message(payload: string): void;
  /**
   * Messages may have been missed (the listening connection dropped) or may now be missed
   * (`listening` false until it is back): whatever was kept from them must be dropped.
   */
  reset(listening: boolean): void;
}

const RECONNECT_MS = 1_000;

/**
 * LISTEN on a dedicated PostgreSQL connection, outside the pool (a pooled connection would
 * be handed to queries and its LISTEN lost). A dropped connection is reported with
 * `reset(false)`, retried every second, then `reset(true)` once listening again.
 */
export async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Subscription> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== next || closed) return;
      client = undefined;
      handlers.reset(false);
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => handlers.reset(true),
        () => {
          client = undefined;
          schedule();
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
