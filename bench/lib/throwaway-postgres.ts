import { execFile, execFileSync } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// ---------------------------------------------------------------------------------------------
// A throwaway PostgreSQL 15 (as src/server/test/postgres-global-setup.ts starts one).
// ---------------------------------------------------------------------------------------------

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

async function pgTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(PG_BIN, tool);
  if (isRoot) await run('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(quote).join(' ')]);
  else await run(command, args);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `port`: where it listens (a bench given a range of ports); a free one otherwise. */
export async function startThrowawayPostgres(port?: number): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-bench-pg-'));
  if (isRoot) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    await chown(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, 'data');
  port ??= await freePort();
  const stopArgs = ['stop', '-m', 'immediate', '-D', dataDir];
  const onExit = () => {
    try {
      const line = [path.join(PG_BIN, 'pg_ctl'), ...stopArgs].map(quote).join(' ');
      if (isRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', line], { stdio: 'ignore' });
      else execFileSync(path.join(PG_BIN, 'pg_ctl'), stopArgs, { stdio: 'ignore' });
    } catch {
      // already stopped
    }
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
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=50',
    ];
    await pgTool('pg_ctl', [
      'start',
      '-w',
      '-t',
      '30',
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options.join(' '),
    ]);
  } catch (error) {
    const log = await readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log.slice(-1000)}`, { cause: error });
  }
  process.once('exit', onExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      await pgTool('pg_ctl', stopArgs).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
