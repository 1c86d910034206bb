/**
 * Public menu page benchmark (docs/product/spec.md « Public menu page », docs/product/decisions.md 12): the weight of a
 * 30-item page, every dish with a photo (docs/decisions/0017-photos.md), and the throughput of `/menu/:id` beside a static file of the same bytes served
 * by the same server (same middleware: request id, logging, security headers, compression).
 * Runs on a throwaway PostgreSQL 15 when /usr/lib/postgresql/15/bin is there, else on PGlite.
 *
 *   npx tsx bench/public-menu.ts          → a table on stdout
 *   npx tsx bench/public-menu.ts --json   → only the figures, as JSON
 *   import { runPublicMenuBench, seedBenchMenu } from './public-menu.ts'
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { Hono } from 'hono';
import type { Kysely, KyselyPlugin } from 'kysely';
import { createApp } from '../src/server/app.ts';
import { bootServices } from '../src/server/boot.ts';
import { loadConfig } from '../src/server/config.ts';
import type { AppEnv } from '../src/server/context.ts';
import { openDatabase, type Database } from '../src/server/db/database.ts';
import type { DB } from '../src/server/db/schema.ts';
import { publicMenuRoutes } from '../src/server/features/public-menu/routes.ts';
import { loadPublicMenu } from '../src/server/features/public-menu/service.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { runWhenMain, type BenchFigure } from './lib/bench-figure.ts';

export interface PublicMenuBenchOptions {
  /** Seconds measured on each route (after a short warm-up), split in alternating rounds. */
  durationSeconds?: number;
  rounds?: number;
  connections?: number;
  /** Also measure the static file and the page without compression (information only). */
  uncompressed?: boolean;
  /** Force the embedded database even when PostgreSQL 15 is installed. */
  pglite?: boolean;
  log?: (line: string) => void;
}

const TARGETS = { gzipBytes: 15 * 1024, ratioPct: 50, queries: 2 };

// ---------------------------------------------------------------------------------------------
// Seeding: a realistic 30-item menu, made through the app's HTTP API like an owner would.
// ---------------------------------------------------------------------------------------------

type Line = [code: string, grams: number];
interface Dish {
  name: string;
  description: string;
  lines: Line[];
  allergens: string[];
  diets: string[];
}

// Ciqual 2025 codes.
const C = {
  tomate: '20276', oignon: '20034', ail: '11000', huile: '17270', beurre: '16400', oeuf: '22000', lait: '19010',
  creme: '19402', pdt: '4008', poulet: '36018', saumon: '26036', boeuf: '6200', riz: '9104', pates: '9811',
  carotte: '20009', courgette: '20020', emmental: '12115', chocolat: '31005', sucre: '31016', pomme: '13039',
  citron: '13009', sel: '11017', lentille: '20588', champignon: '20056', chevre: '12805', crevette: '10007',
  epinard: '20059', basilic: '11033', parmesan: '12120', amande: '15000', farine: '9410', fraise: '13014',
  aubergine: '20053', poivron: '20087', persil: '11014', thym: '11070',
} as const;

const dish = (name: string, description: string, lines: Line[], allergens: string[], diets: string[]): Dish => ({ name, description, lines, allergens, diets });

/** 4 sections, 30 dishes, 3 to 6 Ciqual ingredients each, with allergens and diets. */
export const BENCH_MENU: { name: string; description: string; dishes: Dish[] }[] = [
  {
    name: 'Entrées',
    description: 'Pour commencer le repas en douceur.',
    dishes: [
      dish('Soupe à l’oignon gratinée', 'Oignons caramélisés, croûton et emmental fondu.', [[C.oignon, 150], [C.beurre, 10], [C.emmental, 30], [C.farine, 10], [C.sel, 1]], ['Gluten', 'Lait'], ['Végétarien']),
      dish('Salade de chèvre chaud', 'Chèvre frais, pousses d’épinard et amandes grillées.', [[C.chevre, 60], [C.epinard, 50], [C.huile, 10], [C.amande, 15]], ['Lait', 'Fruits à coque'], ['Végétarien', 'Sans gluten']),
      dish('Velouté de carottes', 'Carottes du maraîcher, une touche de crème.', [[C.carotte, 200], [C.oignon, 40], [C.creme, 20], [C.beurre, 5], [C.sel, 1]], ['Lait'], ['Végétarien', 'Sans gluten']),
      dish('Salade de tomates au basilic', 'Tomates de saison, huile d’olive vierge extra.', [[C.tomate, 200], [C.basilic, 5], [C.huile, 10], [C.sel, 1]], [], ['Végan', 'Sans gluten', 'Sans lactose']),
      dish('Œufs cocotte aux champignons', 'Œufs fermiers, champignons de Paris, persil.', [[C.oeuf, 100], [C.champignon, 60], [C.creme, 30], [C.persil, 3]], ['Œufs', 'Lait'], ['Végétarien', 'Sans gluten']),
      dish('Crevettes sautées à l’ail', 'Ail, persil et citron.', [[C.crevette, 120], [C.ail, 5], [C.huile, 10], [C.persil, 3], [C.citron, 10]], ['Crustacés'], ['Sans gluten', 'Sans lactose']),
      dish('Salade de lentilles', 'Lentilles blondes, carottes, vinaigrette à la moutarde.', [[C.lentille, 150], [C.carotte, 40], [C.oignon, 20], [C.huile, 10]], ['Moutarde'], ['Végan']),
      dish('Carpaccio de courgettes', 'Parmesan, citron et amandes.', [[C.courgette, 150], [C.parmesan, 15], [C.citron, 10], [C.huile, 10], [C.amande, 10]], ['Lait', 'Fruits à coque'], ['Végétarien', 'Sans gluten']),
    ],
  },
  {
    name: 'Plats',
    description: 'Cuisinés sur place chaque jour.',
    dishes: [
      dish('Filet de saumon, riz blanc', 'Beurre citronné.', [[C.saumon, 150], [C.riz, 150], [C.citron, 10], [C.beurre, 10]], ['Poissons', 'Lait'], ['Sans gluten']),
      dish('Poulet rôti au thym', 'Pommes de terre rôties à l’ail.', [[C.poulet, 180], [C.pdt, 200], [C.huile, 10], [C.thym, 2], [C.ail, 5]], [], ['Sans gluten', 'Sans lactose', 'Halal']),
      dish('Steak, frites maison', 'Bœuf français, frites coupées au couteau.', [[C.boeuf, 180], [C.pdt, 250], [C.huile, 15], [C.sel, 1]], [], ['Sans gluten', 'Sans lactose']),
      dish('Risotto aux champignons', 'Parmesan affiné 24 mois.', [[C.riz, 200], [C.champignon, 100], [C.parmesan, 20], [C.beurre, 10], [C.oignon, 30]], ['Lait'], ['Végétarien', 'Sans gluten']),
      dish('Pâtes au pistou', 'Basilic frais, parmesan, ail.', [[C.pates, 120], [C.basilic, 10], [C.parmesan, 15], [C.huile, 15], [C.ail, 3]], ['Gluten', 'Lait'], ['Végétarien']),
      dish('Ratatouille', 'Aubergine, courgette, poivron et tomate mijotés.', [[C.aubergine, 100], [C.courgette, 100], [C.poivron, 80], [C.tomate, 100], [C.oignon, 40], [C.huile, 10]], [], ['Végan', 'Sans gluten', 'Sans lactose']),
      dish('Gratin dauphinois', 'Pommes de terre, crème et emmental.', [[C.pdt, 250], [C.creme, 60], [C.lait, 50], [C.ail, 3], [C.emmental, 20]], ['Lait'], ['Végétarien', 'Sans gluten']),
      dish('Dahl de lentilles', 'Lentilles, tomates et épices douces.', [[C.lentille, 200], [C.tomate, 80], [C.oignon, 40], [C.ail, 5], [C.huile, 10]], [], ['Végan', 'Sans gluten', 'Sans lactose']),
      dish('Riz sauté aux crevettes', 'Poivron, courgette, sauce soja.', [[C.crevette, 120], [C.riz, 150], [C.poivron, 60], [C.courgette, 60], [C.huile, 10]], ['Crustacés', 'Soja'], ['Sans lactose']),
      dish('Omelette aux fines herbes', 'Servie avec une salade verte.', [[C.oeuf, 150], [C.persil, 5], [C.beurre, 10], [C.epinard, 40]], ['Œufs', 'Lait'], ['Végétarien', 'Sans gluten']),
    ],
  },
  {
    name: 'Desserts',
    description: 'Faits maison.',
    dishes: [
      dish('Fondant au chocolat', 'Cœur coulant, chocolat noir.', [[C.chocolat, 50], [C.beurre, 30], [C.sucre, 30], [C.oeuf, 50], [C.farine, 15]], ['Gluten', 'Lait', 'Œufs'], ['Végétarien']),
      dish('Tarte aux pommes', 'Pâte brisée au beurre.', [[C.pomme, 150], [C.farine, 50], [C.beurre, 25], [C.sucre, 20]], ['Gluten', 'Lait'], ['Végétarien']),
      dish('Crème brûlée', 'Caramélisée à la minute.', [[C.creme, 100], [C.oeuf, 40], [C.sucre, 25], [C.lait, 30]], ['Lait', 'Œufs'], ['Végétarien', 'Sans gluten']),
      dish('Salade de fraises', 'Citron et basilic.', [[C.fraise, 150], [C.citron, 10], [C.sucre, 10], [C.basilic, 2]], [], ['Végan', 'Sans gluten', 'Sans lactose']),
      dish('Crêpes au sucre', 'Deux crêpes minute.', [[C.farine, 60], [C.lait, 120], [C.oeuf, 40], [C.beurre, 10], [C.sucre, 15]], ['Gluten', 'Lait', 'Œufs'], ['Végétarien']),
      dish('Financiers aux amandes', 'Trois financiers tièdes.', [[C.amande, 40], [C.beurre, 30], [C.sucre, 40], [C.oeuf, 30], [C.farine, 15]], ['Fruits à coque', 'Gluten', 'Lait', 'Œufs'], ['Végétarien']),
      dish('Assiette de fromages', 'Emmental, chèvre frais et parmesan.', [[C.emmental, 40], [C.chevre, 40], [C.parmesan, 20]], ['Lait'], ['Végétarien', 'Sans gluten']),
    ],
  },
  {
    name: 'Menu enfant',
    description: 'Jusqu’à 10 ans.',
    dishes: [
      dish('Steak haché, frites', 'Bœuf français.', [[C.boeuf, 100], [C.pdt, 150], [C.huile, 10]], [], ['Sans gluten', 'Sans lactose']),
      dish('Pâtes au beurre', 'Emmental râpé.', [[C.pates, 80], [C.beurre, 10], [C.emmental, 20]], ['Gluten', 'Lait'], ['Végétarien']),
      dish('Aiguillettes de poulet, riz', 'Carottes fondantes.', [[C.poulet, 100], [C.riz, 120], [C.carotte, 50]], [], ['Sans gluten', 'Sans lactose', 'Halal']),
      dish('Poisson pané, purée', 'Purée maison au lait.', [[C.saumon, 80], [C.farine, 10], [C.oeuf, 20], [C.pdt, 150], [C.lait, 30]], ['Poissons', 'Gluten', 'Œufs', 'Lait'], []),
      dish('Compote de pommes', 'Sans sucre ajouté… presque.', [[C.pomme, 150], [C.sucre, 10], [C.citron, 5]], [], ['Végan', 'Sans gluten', 'Sans lactose']),
    ],
  },
];

export interface SeedTarget {
  /** The app in process, or the base URL of a running server. */
  app: Hono<AppEnv> | string;
  /** PUBLIC_ORIGIN of that app (sign-up and every write must carry it, docs/product/api.md CSRF). */
  origin: string;
  /**
   * The owner must be premium (30 recipes are over the free plan's 5): set directly in the
   * database when given, otherwise through the demo checkout of the HTTP API (no STRIPE_SECRET_KEY).
   */
  db?: Kysely<DB>;
  restaurantName?: string;
  /** Gives every recipe a photo through PUT /api/recipes/:id/photo (issue 18: the page's budget holds with photos). */
  photos?: boolean;
}

/** A 1200 × 900 JPEG of a plate, a different colour per dish (made here, nothing shipped). */
function dishPhoto(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="hsl(${hue},55%,40%)"/>` +
    `<circle cx="600" cy="450" r="330" fill="#f5f0e6"/><circle cx="600" cy="450" r="200" fill="hsl(${(hue + 30) % 360},65%,55%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export interface SeededMenu {
  menuId: string;
  ownerId: string;
  ownerCookie: string;
  itemIds: string[];
}

/** A premium owner and the 30-item menu of BENCH_MENU, through the HTTP API. */
export async function seedBenchMenu(target: SeedTarget): Promise<SeededMenu> {
  const send = (urlPath: string, init: RequestInit) =>
    typeof target.app === 'string' ? fetch(new URL(urlPath, target.app), init) : Promise.resolve(target.app.request(urlPath, init));
  let cookie = '';
  const call = async (method: string, urlPath: string, body?: unknown) => {
    const res = await send(urlPath, {
      method,
      headers: { origin: target.origin, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
    return { res, json: text ? JSON.parse(text) : null };
  };

  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await call('POST', '/api/auth/sign-up/email', { email, password: 'motdepasse-bench', restaurantName: target.restaurantName ?? 'Le Bistrot du Port' });
  cookie = signUp.res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const ownerId: string = signUp.json.user.id;
  if (target.db) {
    const { active_organisation_id: organisationId } = await target.db.selectFrom('users').select('active_organisation_id').where('id', '=', ownerId).executeTakeFirstOrThrow();
    await target.db.updateTable('subscriptions').set({ tier: 'premium', status: 'active' }).where('organisation_id', '=', organisationId!).execute();
  } else {
    const checkout = (await call('POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' })).json as { url: string };
    const sessionId = new URL(checkout.url, target.origin).pathname.split('/').pop();
    await call('POST', `/api/billing/demo/checkout/${sessionId}/pay`, {});
  }

  const menu = (await call('POST', '/api/menus', { name: 'Carte de printemps', description: 'Cuisine maison, produits frais et de saison.' })).json;
  const itemIds: string[] = [];
  for (const group of BENCH_MENU) {
    const section = (await call('POST', `/api/menus/${menu.id}/sections`, { name: group.name, description: group.description })).json;
    for (const d of group.dishes) {
      const recipe = (
        await call('POST', '/api/recipes', {
          name: d.name,
          servings: 1,
          ingredients: d.lines.map(([code, quantity]) => ({ code, quantity, unit: 'g' })),
          allergens: d.allergens,
          // The bench restaurant has confirmed its lists (docs/product/decisions.md 15), as a published menu should.
          allergensDeclared: true,
          dietaryInfo: d.diets,
        })
      ).json;
      if (target.photos) {
        const photo = await send(`/api/recipes/${recipe.id}/photo`, {
          method: 'PUT',
          headers: { origin: target.origin, cookie, 'content-type': 'image/jpeg' },
          body: new Uint8Array(await dishPhoto(itemIds.length)),
        });
        if (photo.status !== 200) throw new Error(`PUT photo: ${photo.status} ${await photo.text()}`);
      }
      const item = (await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id })).json;
      await call('PUT', `/api/items/${item.id}`, { name: d.name, description: d.description, isAvailable: true });
      itemIds.push(item.id);
    }
  }
  return { menuId: menu.id, ownerId, ownerCookie: cookie, itemIds };
}

// ---------------------------------------------------------------------------------------------
// A throwaway PostgreSQL 15 (as src/server/test/postgres-global-setup.ts starts one).
// ---------------------------------------------------------------------------------------------

const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

async function pgTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(PG_BIN, tool);
  if (isRoot) await run('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(quote).join(' ')]);
  else await run(command, args);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-bench-pg-'));
  if (isRoot) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    await chown(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
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
    await pgTool('initdb', ['-D', dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=50'];
    await pgTool('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options.join(' ')]);
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

// ---------------------------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------------------------

async function load(url: string, seconds: number, connections: number, gzip: boolean) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: gzip ? { 'accept-encoding': 'gzip' } : {},
    // The load generator runs in its own thread, so the server keeps the main one.
    workers: 1,
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { total: result.requests.total, seconds: result.duration, p99: result.latency.p99, non2xx };
}

/**
 * Several routes measured in alternating rounds, so that a change of load on the machine
 * during the run weighs on all alike; req/s = all requests / all seconds.
 */
async function compare<K extends string>(urls: Record<K, string>, seconds: number, rounds: number, connections: number, gzip: boolean) {
  const kinds = Object.keys(urls) as K[];
  const sum = Object.fromEntries(kinds.map((k) => [k, { total: 0, seconds: 0, p99: 0, non2xx: 0, rps: 0 }])) as Record<K, { total: number; seconds: number; p99: number; non2xx: number; rps: number }>;
  for (let r = 0; r < rounds; r++) {
    for (const kind of kinds) {
      const run = await load(urls[kind], seconds / rounds, connections, gzip);
      const acc = sum[kind];
      acc.total += run.total;
      acc.seconds += run.seconds;
      acc.p99 = Math.max(acc.p99, run.p99);
      acc.non2xx += run.non2xx;
      acc.rps = acc.total / acc.seconds;
    }
  }
  return sum;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function runPublicMenuBench(options: PublicMenuBenchOptions = {}): Promise<Record<string, BenchFigure>> {
  const log = options.log ?? (() => {});
  const seconds = options.durationSeconds ?? 10;
  const connections = options.connections ?? 50;
  const usePostgres = !options.pglite && existsSync(path.join(PG_BIN, 'initdb'));
  const started = performance.now();

  const postgres = usePostgres ? await startThrowawayPostgres() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-bench-'));
  let database: Database | undefined;
  let server: ReturnType<typeof serve> | undefined;
  try {
    const origin = 'http://127.0.0.1:3000';
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '10000',
      DATABASE_URL: postgres?.url,
    });
    database = await openDatabase(postgres ? { databaseUrl: postgres.url, maxConnections: 10 } : { pgliteDir: 'memory://' });
    const services = await bootServices(config, { logger: createLogger('silent'), database });
    const app = createApp(services.deps);
    // Bench only: the same page rendered and compressed on every request (no page memo).
    app.route('/bench-nomemo', publicMenuRoutes(services.deps, { memoize: false }));
    // Bench only: a static file, filled with the page's bytes below (routes must exist before the first request).
    const staticFile = { bytes: Buffer.alloc(0), etag: '""' };
    app.get('/bench-static', (c) =>
      c.body(new Uint8Array(staticFile.bytes), 200, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache', ETag: staticFile.etag }),
    );
    log(`database: ${usePostgres ? 'PostgreSQL 15 (throwaway, fsync off), pool of 10' : 'PGlite in memory'}; booted in ${Math.round(performance.now() - started)} ms`);

    let t = performance.now();
    const seeded = await seedBenchMenu({ app, origin, db: services.deps.db, photos: true });
    log(`seed: 1 premium owner, 4 sections, ${seeded.itemIds.length} recipes (each with a photo) and items through the HTTP API in ${Math.round(performance.now() - t)} ms`);

    // Weight of the page as served (compressed by the app's middleware) and raw.
    const menuPath = `/menu/${seeded.menuId}`;
    const plain = await app.request(menuPath);
    const html = await plain.text();
    if (plain.status !== 200 || !html.includes('Soupe à l’oignon gratinée')) throw new Error(`unexpected page: ${plain.status}`);
    const served = await app.request(menuPath, { headers: { 'accept-encoding': 'gzip' } });
    const gzipBytes = (await served.arrayBuffer()).byteLength;
    if (served.headers.get('content-encoding') !== 'gzip') throw new Error('the page was not compressed');
    const rawBytes = Buffer.byteLength(html);
    log(`page: ${rawBytes} bytes of HTML (CSS inline, no script), ${gzipBytes} bytes gzipped as served (zlib -9: ${gzipSync(html, { level: 9 }).byteLength})`);

    // Queries for one page.
    let queries = 0;
    const counter: KyselyPlugin = { transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result };
    await loadPublicMenu(services.deps.db.withPlugin(counter), seeded.menuId);
    log(`queries per page: ${queries}`);

    // The same bytes as a static file, behind the same middleware.
    staticFile.bytes = Buffer.from(html);
    staticFile.etag = `"${createHash('sha1').update(html).digest('base64url')}"`;

    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    t = performance.now();
    const urls = { static: `${base}/bench-static`, menu: `${base}${menuPath}`, nomemo: `${base}/bench-nomemo${menuPath}` };
    for (const url of Object.values(urls)) await load(url, 1, connections, true);
    log(`warm-up: 1 s on each route`);
    const rounds = options.rounds ?? 2;
    const { static: staticRun, menu: menuRun, nomemo: noMemoRun } = await compare(urls, seconds, rounds, connections, true);
    log(`static (gzip): ${round(staticRun.rps)} req/s, p99 ${staticRun.p99} ms, ${staticRun.total} requests, ${staticRun.non2xx} non-2xx/errors`);
    log(`/menu/:id (gzip): ${round(menuRun.rps)} req/s, p99 ${menuRun.p99} ms, ${menuRun.total} requests, ${menuRun.non2xx} non-2xx/errors`);
    log(`/menu/:id without page memo (gzip): ${round(noMemoRun.rps)} req/s, p99 ${noMemoRun.p99} ms, ${noMemoRun.non2xx} non-2xx/errors`);

    const ratio = (100 * menuRun.rps) / staticRun.rps;
    const busy = `load average ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.availableParallelism()} cores at the end; server, load generator (1 worker thread) and database share them`;
    const db = usePostgres ? 'PostgreSQL' : 'PGlite';
    const figures: Record<string, BenchFigure> = {
      public_menu_page_gzip_bytes: { value: gzipBytes, target: `≤ ${TARGETS.gzipBytes} B (15 KB)`, pass: gzipBytes <= TARGETS.gzipBytes, unit: 'B' },
      public_menu_page_raw_bytes: { value: rawBytes, target: 'info', pass: true, unit: 'B' },
      public_menu_queries_per_page: { value: queries, target: `≤ ${TARGETS.queries}, whatever the item count`, pass: queries <= TARGETS.queries, unit: 'queries' },
      public_menu_static_rps: { value: round(staticRun.rps), target: `info (${connections} connections, ${seconds} s in ${rounds} rounds, gzip)`, pass: staticRun.non2xx === 0, unit: 'req/s' },
      public_menu_rps: { value: round(menuRun.rps), target: `info (${db}, ${connections} connections, ${seconds} s in ${rounds} rounds, gzip)`, pass: menuRun.non2xx === 0, unit: 'req/s' },
      public_menu_p99_ms: { value: menuRun.p99, target: 'info', pass: true, unit: 'ms' },
      public_menu_rps_ratio_pct: { value: round(ratio), target: `≥ ${TARGETS.ratioPct} % of static`, pass: ratio >= TARGETS.ratioPct && menuRun.non2xx === 0, unit: '%', note: busy },
      public_menu_nomemo_rps: { value: round(noMemoRun.rps), target: 'info (rendered and compressed on every request)', pass: noMemoRun.non2xx === 0, unit: 'req/s' },
      public_menu_nomemo_ratio_pct: { value: round((100 * noMemoRun.rps) / staticRun.rps), target: 'info', pass: true, unit: '%' },
    };

    if (options.uncompressed ?? false) {
      const short = Math.max(2, Math.round(seconds / 4));
      const plain = await compare({ static: urls.static, menu: urls.menu }, short, 1, connections, false);
      const plainRatio = (100 * plain.menu.rps) / plain.static.rps;
      log(`without compression (${short} s each): static ${round(plain.static.rps)} req/s, /menu/:id ${round(plain.menu.rps)} req/s (${round(plainRatio)} %)`);
      figures.public_menu_identity_static_rps = { value: round(plain.static.rps), target: 'info (no Accept-Encoding)', pass: true, unit: 'req/s' };
      figures.public_menu_identity_rps = { value: round(plain.menu.rps), target: 'info (no Accept-Encoding)', pass: plain.menu.non2xx === 0, unit: 'req/s' };
      figures.public_menu_identity_ratio_pct = { value: round(plainRatio), target: 'info', pass: true, unit: '%' };
    }
    log(`load: ${Math.round((performance.now() - t) / 1000)} s; whole bench: ${Math.round((performance.now() - started) / 1000)} s`);
    return figures;
  } finally {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await database?.close().catch(() => {});
    await postgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await runWhenMain(import.meta.url, (log) => runPublicMenuBench({ log, pglite: process.argv.includes('--pglite') }));
