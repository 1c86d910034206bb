import { existsSync } from 'node:fs';
import http from 'node:http';
import {
  newAuthSecret,
  SERVER_ENTRY,
  startServer,
  type ServerProcess,
} from '../../src/server/reliability/support/server-process.ts';
import { freePort } from './throwaway-postgres.ts';

/**
 * The built server (`node dist/server/server/main.js`) in its own process, on `databaseUrl`,
 * logging at `info` as in production (its output is read by the parent, like a log collector).
 * BENCH_PORT picks its port (the lead gives each helper a range); a free one otherwise.
 * BENCH_CPU_PROF=<folder> writes the app's CPU profile there when it stops (node --cpu-prof).
 */
export async function startAppServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess & { origin: string }> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` (npm run bench builds it)`);
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    label: 'bench',
    port,
    ...(process.env.BENCH_CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] } : {}),
    env: () => ({
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_MAX: '100000',
      BETTER_AUTH_SECRET: newAuthSecret(),
      ...env,
    }),
  });
  return Object.assign(server, { origin });
}

/** A GET as sent on the wire: fetch() would decompress the body. */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
