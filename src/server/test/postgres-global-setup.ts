import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { databaseUrl, prepareTestDatabase } from './prepare.ts';
import './provided.ts';

/**
 * api-postgres global setup: a throwaway PostgreSQL 15 (or TEST_DATABASE_URL), one template
 * database migrated and catalogue-loaded once; each test file copies it (harness.ts).
 */
const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const TEMPLATE = 'nutricarte_template';
const isRoot = process.getuid?.() === 0;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** initdb and pg_ctl refuse to run as root: run them as `postgres` then. */
async function runPostgresTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(BIN, tool);
  if (isRoot) {
    const line = [command, ...args].map(shellQuote).join(' ');
    await run('su', ['postgres', '-s', '/bin/sh', '-c', line]);
  } else {
    await run(command, args);
  }
}

async function ensureBinaries(): Promise<void> {
  if (existsSync(path.join(BIN, 'initdb'))) return;
  if (!isRoot) {
    throw new Error(
      `PostgreSQL 15 is missing (${BIN}): run \`sudo apt-get install -y postgresql-15\`, or set TEST_DATABASE_URL.`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql-15'], { env, maxBuffer: 64 << 20 });
  try {
    await install();
  } catch {
    await run('apt-get', ['update'], { env, maxBuffer: 64 << 20 });
    await install();
  }
  if (!existsSync(path.join(BIN, 'initdb')))
    throw new Error(`apt-get installed postgresql-15 but ${BIN}/initdb is still missing.`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<RunningServer> {
  await ensureBinaries();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-pg-'));
  if (isRoot) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  let port: number | undefined;
  try {
    await runPostgresTool('initdb', [
      '-D',
      dataDir,
      '--auth=trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    // The free port may be taken again before PostgreSQL binds it: then try another.
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c timezone=UTC',
      ].join(' ');
      try {
        await runPostgresTool('pg_ctl', [
          'start',
          '-w',
          '-t',
          '30',
          '-D',
          dataDir,
          '-l',
          path.join(dir, 'server.log'),
          '-o',
          options,
        ]);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    const log = await readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Could not start the test PostgreSQL: ${(error as Error).message}\n${log.slice(-2000)}`, {
      cause: error,
    });
  }

  let stopped = false;
  const stopArgs = ['stop', '-m', 'immediate', '-D', dataDir];
  // Safety net when vitest exits without running the teardown (e.g. killed by a signal).
  const onExit = () => {
    if (stopped) return;
    try {
      const line = [path.join(BIN, 'pg_ctl'), ...stopArgs].map(shellQuote).join(' ');
      if (isRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', line], { stdio: 'ignore' });
      else execFileSync(path.join(BIN, 'pg_ctl'), stopArgs, { stdio: 'ignore' });
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      try {
        await runPostgresTool('pg_ctl', stopArgs);
      } finally {
        stopped = true;
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createTemplate(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), maxConnections: 2 });
  try {
    await prepareTestDatabase(database.db);
  } finally {
    await database.close();
  }
  // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template.
  await withAdmin(serverUrl, (admin) => admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`));
}

async function dropDatabases(serverUrl: string, prefix: string): Promise<void> {
  await withAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const server = external ? undefined : await startServer();
  const serverUrl = external ?? server!.url;
  // On a shared server every run gets its own template, dropped at the end.
  const template = external ? `nutricarte_template_${runId}` : TEMPLATE;
  const prefix = `test_${runId}_`;
  try {
    await createTemplate(serverUrl, template);
  } catch (error) {
    if (server) await server.stop();
    else await dropDatabases(serverUrl, template).catch(() => {});
    throw error;
  }
  project.provide('postgresAdminUrl', serverUrl);
  project.provide('postgresTemplate', template);
  project.provide('postgresDbPrefix', prefix);

  return async () => {
    if (server) {
      await server.stop();
      return;
    }
    await dropDatabases(serverUrl, prefix);
    await dropDatabases(serverUrl, template);
  };
}
