/**
 * The deployment of deploy/ (docs/operations.md), run rather than described: Debian's nginx
 * with deploy/nginx.conf as it is (only its ports and folder replaced) in front of two built
 * server processes on one PostgreSQL and one S3 bucket (s3rver). Diners read a menu and scan
 * a code through nginx while an owner writes; one process is killed (SIGKILL) mid-load.
 * - diners see no error beyond the requests in flight on the killed process at that moment
 *   (nginx retries a GET that found no process; a POST sent to the dying one may fail);
 * - every write acknowledged is in the database; every scan counted was answered, and no
 *   more are missing than the killed process's unwritten batch (docs/decisions/0022);
 * - live « Épuisé » reaches open pages on both processes, and through nginx (unbuffered
 *   Server-Sent Events) after the kill;
 * - nginx serves the built assets precompressed (gzip_static) and photos come from the bucket
 *   whichever process answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { readEvents } from '../features/public-menu/sse-test-reader.ts';
import { projectRoot } from '../lib/paths.ts';
import '../test/provided.ts';
import { testJpeg } from '../test/images.ts';
import { onExitCleanup } from './support/cleanup.ts';
import { client, signUp, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const LOAD_MS = 12_000;
const KILL_AT_MS = 5_000;
const DINERS = 8;
const BUCKET = 'nutricarte-photos';

let dir = '';
let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
let bucket: S3rver | undefined;
let nginx: ChildProcess | undefined;
const servers: ServerProcess[] = [];
let front = '';
let api: Client;
let owner: { cookie: string };
let menuId = '';
let qrId = '';
let itemId = '';

/** deploy/nginx.conf with this test's ports and folder, inside a minimal main configuration. */
async function startNginx(port: number, upstreams: number[]): Promise<void> {
  const site = readFileSync(path.join(projectRoot, 'deploy', 'nginx.conf'), 'utf8')
    .replace('server 127.0.0.1:3000', `server 127.0.0.1:${upstreams[0]}`)
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${upstreams[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/opt/nutricarte/dist/web', path.join(projectRoot, 'dist', 'web'));
  expect(site).toContain(`127.0.0.1:${upstreams[1]}`);
  await writeFile(path.join(dir, 'nutricarte.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      `  include ${path.join(dir, 'nutricarte.conf')};`,
      '}',
    ].join('\n'),
  );
  nginx = spawn('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const stop = onExitCleanup(() => nginx?.kill('SIGKILL'));
  nginx.once('exit', stop);
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx did not answer: ${readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2000)}`);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-deploy-'));
  await chmod(dir, 0o777);
  const bucketPort = await freePort();
  bucket = new S3rver({
    address: '127.0.0.1',
    port: bucketPort,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await bucket.run();
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  front = `http://127.0.0.1:${nginxPort}`;
  const secret = newAuthSecret();
  const env = () => ({
    DATABASE_URL: scratch!.url,
    BETTER_AUTH_SECRET: secret,
    PUBLIC_ORIGIN: front,
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_MAX: '100000',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${bucketPort}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const started = await Promise.allSettled([
    startServer({ label: 'A', port: portA, env }),
    startServer({ label: 'B', port: portB, env }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  await startNginx(nginxPort, [portA, portB]);
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });

  api = client(front, front);
  owner = await signUp(api);
  const me = await api('GET', '/api/me', { cookie: owner.cookie });
  await database.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', me.body.organisation.id)
    .execute();
  const post = async (p: string, body: unknown) => {
    const res = await api('POST', p, { cookie: owner.cookie, body });
    expect(res.status, `${p}: ${res.text}`).toBe(201);
    return res.body as { id: string };
  };
  const recipe = await post('/api/recipes', {
    name: 'Purée',
    servings: 4,
    ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
    allergens: ['Lait'],
    allergensDeclared: true,
  });
  const photo = await api('PUT', `/api/recipes/${recipe.id}/photo`, {
    cookie: owner.cookie,
    body: await testJpeg({ width: 800, height: 600 }),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(photo.status, photo.text).toBe(200);
  menuId = (await post('/api/menus', { name: 'Carte du midi' })).id;
  const section = await post(`/api/menus/${menuId}/sections`, { name: 'Plats' });
  itemId = (await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id })).id;
  qrId = (await post('/api/qr-codes', { name: 'Table 1', menuId })).id;
});

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await scratch?.drop();
  await bucket?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Marks the dish « Épuisé » (or back) through nginx, as the owner. */
const setSoldOut = async (soldOut: boolean) => {
  const res = await api('PUT', `/api/items/${itemId}/sold-out`, { cookie: owner.cookie, body: { soldOut } });
  expect(res.status).toBe(200);
};

let detail = '';
interface Outcome {
  detail?: string;
  ok: boolean;
  started: number;
  ended: number;
  what: string;
}

describe('nginx in front of two processes, one killed under load', () => {
  it('serves the built assets precompressed and the photos from the bucket through either process', async () => {
    const assets = path.join(projectRoot, 'dist', 'web', 'assets');
    const js = readdirSync(assets).find(
      (name) => name.endsWith('.js') && statSync(path.join(assets, `${name}.gz`), { throwIfNoEntry: false }),
    )!;
    const raw = await new Promise<{ encoding: string | undefined; length: number; cache: string | undefined }>(
      (resolve, reject) =>
        httpRequest(`${front}/assets/${js}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () =>
            resolve({
              encoding: res.headers['content-encoding'],
              length,
              cache: res.headers['cache-control'],
            }),
          );
        })
          .on('error', reject)
          .end(),
    );
    expect(raw.encoding).toBe('gzip');
    expect(raw.length).toBe(statSync(path.join(assets, `${js}.gz`)).size);
    expect(raw.cache).toContain('immutable');

    const page = await api('GET', `/menu/${menuId}`);
    const photoUrl = /<img class="ph" src="([^"]+)"/.exec(page.text)?.[1];
    expect(photoUrl).toBeTruthy();
    for (const server of servers) {
      const res = await fetch(new URL(photoUrl!, server.url));
      expect([server.label, res.status, res.headers.get('content-type')]).toEqual([server.label, 200, 'image/webp']);
    }
  });

  it('brings live « Épuisé » to pages open on both processes', async () => {
    const readers = await Promise.all(servers.map((s) => readEvents(s.url, `/menu/${menuId}/events`)));
    await setSoldOut(true);
    for (const reader of readers) expect(await reader.next()).toContain('event: change');
    await Promise.all(readers.map((r) => r.close()));
    await setSoldOut(false);
  });

  it('keeps diners’ pages and scans, and acknowledged writes, when a process dies', async (context) => {
    const [victim, survivor] = servers as [ServerProcess, ServerProcess];
    const outcomes: Outcome[] = [];
    let scansAnswered = 0;
    const acknowledged: string[] = [];
    const started = Date.now();
    const until = started + LOAD_MS;
    let killedAt = started + KILL_AT_MS;

    const timed = async (what: string, run: () => Promise<boolean>) => {
      const begin = Date.now();
      let ok: boolean;
      try {
        ok = await run();
      } catch (error) {
        ok = false;
        detail = String(error);
      }
      outcomes.push({ ok, started: begin - killedAt, ended: Date.now() - killedAt, what, detail });
      detail = '';
    };
    const diner = async (n: number) => {
      for (let i = 0; Date.now() < until; i += 1) {
        if ((i + n) % 2 === 0)
          await timed(
            'page',
            async () =>
              (await fetch(`${front}/menu/${menuId}`, { signal: AbortSignal.timeout(10_000) })).status === 200,
          );
        else
          await timed('scan', async () => {
            const res = await fetch(`${front}/qr/${qrId}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
            await res.arrayBuffer();
            if (res.status === 302) scansAnswered += 1;
            return res.status === 302;
          });
      }
    };
    const writer = async () => {
      for (let i = 0; Date.now() < until; i += 1) {
        const name = `Recette ${i}`;
        await timed('write', async () => {
          const res = await api('POST', '/api/recipes', {
            cookie: owner.cookie,
            body: { name, servings: 2, ingredients: [{ code: '4003', quantity: 100, unit: 'g' }], allergens: [] },
            timeoutMs: 10_000,
          });
          if (res.status === 201) acknowledged.push(res.body.id);
          else detail = `${res.status} ${res.text.slice(0, 200)}`;
          return res.status === 201;
        });
      }
    };
    const killer = async () => {
      await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
      killedAt = Date.now();
      victim.kill('SIGKILL');
      await victim.exited;
    };
    await Promise.all([...Array.from({ length: DINERS }, (_, n) => diner(n)), writer(), killer()]);

    const failures = outcomes.filter((o) => !o.ok);
    // Times are relative to the kill. A diner's request in flight then may fail; nginx retries
    // every other GET on the survivor. The owner's POST is not retried once sent: one sent on a
    // kept-alive connection to the victim before nginx saw it close may fail too (within 1 s).
    const inFlight = (o: Outcome) => o.started <= 0 && o.ended >= 0;
    const dinerFailures = failures.filter((o) => o.what !== 'write');
    const writeFailures = failures.filter((o) => o.what === 'write');
    report(
      context,
      `${outcomes.length} requests through nginx; failed: ${dinerFailures.length} diners', ${writeFailures.length} writes (${failures.map((f) => `${f.what} ${f.started}…${f.ended} ms ${f.detail}`).join(', ')})`,
    );
    expect(outcomes.filter((o) => o.what !== 'write').length).toBeGreaterThan(200);
    expect(dinerFailures.filter((o) => !inFlight(o))).toEqual([]);
    expect(dinerFailures.length).toBeLessThanOrEqual(DINERS);
    expect(writeFailures.filter((o) => !(o.started <= 1_000 && o.ended >= 0))).toEqual([]);
    expect(writeFailures.length).toBeLessThanOrEqual(1);

    // Live « Épuisé » after the kill: a page open through nginx (now on the survivor) hears it.
    const throughNginx = await readEvents(front, `/menu/${menuId}/events`);
    await setSoldOut(true);
    expect(await throughNginx.next()).toContain('event: change');
    await throughNginx.close();
    expect((await api('GET', `/menu/${menuId}`)).text).toContain('Épuisé');

    // The survivor writes its scans at SIGTERM; the victim's last unwritten batch is lost.
    await survivor.stop();
    const names = await database!.db.selectFrom('recipes').select('id').where('id', 'in', acknowledged).execute();
    expect(names.length).toBe(acknowledged.length);
    const { scan_count } = await database!.db
      .selectFrom('qr_codes')
      .select('scan_count')
      .where('id', '=', qrId)
      .executeTakeFirstOrThrow();
    const rows = await database!.db
      .selectFrom('qr_scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('qr_code_id', '=', qrId)
      .executeTakeFirstOrThrow();
    report(
      context,
      `scans answered ${scansAnswered}, counted ${scan_count}; ${acknowledged.length} writes acknowledged, all stored`,
    );
    expect(Number(rows.n)).toBe(scan_count);
    expect(scan_count).toBeLessThanOrEqual(scansAnswered);
    expect(scansAnswered - scan_count).toBeLessThanOrEqual(500);
    expect(acknowledged.length).toBeGreaterThan(5);
  });
});
