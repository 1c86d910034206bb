import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/database.ts';
import { rawGet } from './lib/app-server.ts';
import { newAuthSecret, startServer } from '../src/server/reliability/support/server-process.ts';
import { freePort } from './lib/throwaway-postgres.ts';
import { seedBenchMenu } from './lib/bench-menu.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';
const postgres = await startThrowawayPostgres();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = Object.assign(
  await startServer({
    label: 'prof',
    port,
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'],
    env: () => ({
      DATABASE_URL: postgres.url,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_MAX: '100000',
      BETTER_AUTH_SECRET: newAuthSecret(),
    }),
  }),
  { origin },
);
const database = await openDatabase({ databaseUrl: postgres.url, maxConnections: 2 });
const seeded = await seedBenchMenu({ app: server.url, origin: server.origin, db: database.db, photos: true });
const url = `${server.url}/menu/${seeded.menuId}`;
await rawGet(url, { 'accept-encoding': 'gzip' });
const r = await autocannon({ url, connections: 50, duration: 10, headers: { 'accept-encoding': 'gzip' } });
console.log('rps', r.requests.average, 'p50', r.latency.p50);
await server.stop();
await database.close();
await postgres.stop();
