import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { databaseUrl } from '../../test/prepare.ts';
import { onExitCleanup } from './cleanup.ts';
import { freePort } from './ports.ts';

/**
 * A throwaway PostgreSQL 15 cluster of its own, started like src/server/test/postgres-global-setup.ts
 * does (initdb and pg_ctl as `postgres` when we are root), for the tests that stop and restart
 * the database server itself. Everything else uses the global setup's cluster.
 */
const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

async function pgTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(BIN, tool);
  if (isRoot) await run('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(shellQuote).join(' ')]);
  else await run(command, args);
}

function pgToolSync(tool: string, args: string[]): void {
  const command = path.join(BIN, tool);
  if (isRoot)
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(shellQuote).join(' ')], {
      stdio: 'ignore',
    });
  else execFileSync(command, args, { stdio: 'ignore' });
}

export interface PostgresCluster {
  /** URL of the `postgres` database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  port: number;
  /** `pg_ctl stop -m fast`: the server goes away, the data stays. */
  stopFast(): Promise<void>;
  /** `pg_ctl start` again on the same port and data. */
  start(): Promise<void>;
  /** The last lines of the server log. */
  log(): Promise<string>;
  /** Stops the server (immediate) and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  if (!existsSync(path.join(BIN, 'initdb')))
    throw new Error(`PostgreSQL 15 is missing (${BIN}); the postgres global setup installs it`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-rel-pg-'));
  if (isRoot) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    await chown(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let running = false;
  const unregister = onExitCleanup(() => {
    if (running) {
      try {
        pgToolSync('pg_ctl', ['stop', '-m', 'immediate', '-D', dataDir]);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  let port: number;
  let options = '';
  const startOnce = async () => {
    await pgTool('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', logFile, '-o', options]);
    running = true;
  };
  try {
    await pgTool('initdb', [
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
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c full_page_writes=off',
        '-c timezone=UTC',
      ].join(' ');
      try {
        await startOnce();
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    unregister();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`could not start a PostgreSQL cluster: ${(error as Error).message}\n${log.slice(-2000)}`, {
      cause: error,
    });
  }

  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stopFast() {
      await pgTool('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
      running = false;
    },
    start: startOnce,
    log: async () => (await readFile(logFile, 'utf8').catch(() => '')).slice(-4000),
    async destroy() {
      try {
        if (running) await pgTool('pg_ctl', ['stop', '-m', 'immediate', '-D', dataDir]);
        running = false;
      } finally {
        unregister();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new database on a cluster, copied from `template` (migrated, catalogue loaded) or empty. */
export async function createScratchDatabase(
  adminUrl: string,
  options: { template?: string; prefix?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${options.prefix ?? 'rel_'}${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${options.template ? ` TEMPLATE "${options.template}"` : ''}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
