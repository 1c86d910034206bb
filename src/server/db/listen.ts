import pg from 'pg';

export interface PostgresListener {
  stop(): Promise<void>;
}

const RETRY_MS = 1_000;

/**
 * A dedicated connection LISTENing on one channel (a pooled one would be handed to queries
 * and lose its LISTEN). NOTIFY is sent at commit, so every server process sharing the database
 * hears each change once it is visible (issue 18, live « Épuisé » across processes). A lost
 * connection is opened again after a second, and `onReconnect` tells the listeners that
 * notifications may have been missed in between.
 */
export async function listenOnPostgres(url: string, channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<PostgresListener> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  }

  function lost(which: pg.Client) {
    if (stopped || client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    schedule();
  }

  function schedule() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        () => schedule(),
      );
    }, RETRY_MS);
    retry.unref();
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
