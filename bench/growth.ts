/**
 * « Growth » (docs/decisions/0027-flat-costs-as-accounts-grow.md): an organisation with 2,000
 * recipes, 300 products, 50 menus and 1,000,000 scans answers its recipe list, ingredient search,
 * menu editor, QR statistics and account export in ≤ 100 ms p99 each, and its public menu of 200
 * items weighs ≤ 20 KB gzip. The organisation grows in place through 1×, 10×, 100× and 1,000× (1× =
 * a thousandth: 2 recipes, 1 product, 1 menu, 1,000 scans; bench/lib/growth-seed.ts), and every
 * figure is measured at each scale so the growth is visible. The built server runs in its own
 * process on a throwaway PostgreSQL 15 (as bench/public-menu.ts); one client, sequential, over
 * HTTP, with the owner's session.
 *
 *   npx tsx bench/growth.ts          → the table on stdout (needs `npm run build`)
 *   npx tsx bench/growth.ts --json   → only the 1,000× figures, as JSON (npm run bench)
 */
import { openDatabase, type Database } from '../src/server/db/database.ts';
import { rawGet, startAppServer } from './lib/app-server.ts';
import { formatTable, runWhenMain, type BenchFigure, type BenchFigures } from './lib/bench-figure.ts';
import {
  countsAt,
  createGrowthOrg,
  growTo,
  PUBLIC_ITEMS_PER_SECTION,
  PUBLIC_SECTIONS,
  type GrowthOrg,
} from './lib/growth-seed.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { recipePagePath, RECIPES_PER_PAGE } from '../src/shared/api/recipe-list.ts';

const SCALES = [1, 10, 100, 1000];
const TARGET_MS = 100;
const TARGET_GZIP_BYTES = 20 * 1024;
/** Samples per figure, within a time budget (a slow figure gets fewer; p99 is then near the maximum). */
const RUNS = 200;
const BUDGET_MS = 15_000;
const QUERIES = [
  'gratin',
  'beurre d',
  'sauce tom',
  'blanquette',
  'farine t',
  'tarte aux',
  'fromage',
  'lentilles',
  'huile d',
  'crème',
];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * p) - 1]!;
const round1 = (v: number) => Math.round(v * 10) / 10;

interface Timing {
  p50: number;
  p99: number;
  runs: number;
  /** Bytes of the (last) answer as sent, for the reader of the table. */
  bytes: number;
}

/** One client, one request after the other; `run` resolves with the answer's size. */
async function time(run: (i: number) => Promise<number>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await run(i);
  const samples: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < RUNS && (i < 20 || performance.now() - started < BUDGET_MS); i++) {
    const t = performance.now();
    bytes = await run(i);
    samples.push(performance.now() - t);
  }
  return { p50: round1(percentile(samples, 0.5)), p99: round1(percentile(samples, 0.99)), runs: samples.length, bytes };
}

const FIGURES = [
  'recipe list (first page, as the web asks)',
  'recipe list (tenth page)',
  'recipe counts (dashboard)',
  'recipe summaries (meal plans, picker)',
  'recipe costs (« Coûts »)',
  'recipe list (all at once)',
  'ingredient search',
  'menu editor',
  'QR statistics (30 days)',
  'QR statistics (366 days)',
  'QR codes list',
  'account export (first byte)',
  'account export (whole file)',
] as const;
type FigureName = (typeof FIGURES)[number];

async function measureScale(
  baseUrl: string,
  org: GrowthOrg,
): Promise<{ timings: Record<FigureName, Timing>; publicGzip: number; exportBytes: number }> {
  const headers = { cookie: org.ownerCookie, 'accept-encoding': 'gzip' };
  // What the web app asks (src/web/features/*/api.ts), with a browser's accept-encoding.
  const get = async (urlPath: string) => {
    const res = await fetch(new URL(urlPath, baseUrl), { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(`GET ${urlPath}: ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
    return body.byteLength;
  };
  const menu = encodeURIComponent(org.publicMenuId);
  const timings = {} as Record<FigureName, Timing>;
  // « Mes Recettes » reads the list a page at a time (src/web/features/recipes/api.ts useRecipePages).
  timings['recipe list (first page, as the web asks)'] = await time(() => get(recipePagePath(RECIPES_PER_PAGE)));
  let tenth: string | null = null;
  for (let page = 1; page < 10; page++) {
    const next: string | null = (
      (await (
        await fetch(new URL(recipePagePath(RECIPES_PER_PAGE, undefined, tenth), baseUrl), { headers })
      ).json()) as { nextAfter: string | null }
    ).nextAfter;
    if (next === null) break;
    tenth = next;
  }
  timings['recipe list (tenth page)'] = await time(() => get(recipePagePath(RECIPES_PER_PAGE, undefined, tenth)));
  // The dashboard counts (use-dashboard-data.ts): one recipe and the total, for each status.
  timings['recipe counts (dashboard)'] = await time(async () =>
    (await Promise.all((['declared', 'unverified'] as const).map((status) => get(recipePagePath(1, status))))).reduce(
      (a, b) => a + b,
      0,
    ),
  );
  // The meal plans page and the menu editor's picker (useRecipeSummaries): every recipe in short.
  timings['recipe summaries (meal plans, picker)'] = await time(() => get('/api/recipes?view=summary'));
  // The « Coûts » table (useRecipeCosts): every recipe's cost and margins only.
  timings['recipe costs (« Coûts »)'] = await time(() => get('/api/recipes?view=costs'));
  // The fixed contract's whole list (API.md), which the printed documents still read.
  timings['recipe list (all at once)'] = await time(() => get('/api/recipes'));
  timings['ingredient search'] = await time((i) =>
    get(`/api/catalogue/ingredients?limit=10&q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`),
  );
  // The menu editor page (src/web/pages/menu-editor-page.tsx) asks these together and waits for all.
  timings['menu editor'] = await time(async () =>
    (
      await Promise.all([`/api/menus/${menu}`, `/api/menus/${menu}/sections`, `/api/menus/${menu}/formules`].map(get))
    ).reduce((a, b) => a + b, 0),
  );
  timings['QR statistics (30 days)'] = await time(() => get(`/api/qr-codes/${org.topQrId}/stats?days=30`));
  timings['QR statistics (366 days)'] = await time(() => get(`/api/qr-codes/${org.topQrId}/stats?days=366`));
  timings['QR codes list'] = await time(() => get('/api/qr-codes'));
  // The export: when its first bytes arrive (a streamed file starts there), and when its last byte does.
  const firstByte: number[] = [];
  timings['account export (whole file)'] = await time(async () => {
    const t = performance.now();
    const res = await fetch(new URL('/api/account/export', baseUrl), { headers });
    if (res.status !== 200 || !res.body) throw new Error(`GET /api/account/export: ${res.status}`);
    const reader = res.body.getReader();
    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (bytes === 0) firstByte.push(performance.now() - t);
      bytes += chunk.value.byteLength;
    }
    return bytes;
  });
  const measuredFirst = firstByte.slice(3);
  timings['account export (first byte)'] = {
    p50: round1(percentile(measuredFirst, 0.5)),
    p99: round1(percentile(measuredFirst, 0.99)),
    runs: measuredFirst.length,
    bytes: 0,
  };
  const page = await rawGet(`${baseUrl}/menu/${menu}`, { 'accept-encoding': 'gzip' });
  if (page.status !== 200 || page.headers['content-encoding'] !== 'gzip')
    throw new Error(`public menu: ${page.status} ${page.headers['content-encoding']}`);
  return { timings, publicGzip: page.body.byteLength, exportBytes: timings['account export (whole file)'].bytes };
}

export async function runGrowthBench(log: ((line: string) => void) | undefined): Promise<BenchFigures> {
  const postgres = await startThrowawayPostgres();
  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  try {
    server = await startAppServer(postgres.url);
    database = await openDatabase({ databaseUrl: postgres.url, maxConnections: 2 });
    const org = await createGrowthOrg(database.db, server.url, server.origin);
    const results: { scale: number; seedMs: number; measured: Awaited<ReturnType<typeof measureScale>> }[] = [];
    for (const scale of SCALES) {
      const counts = countsAt(scale);
      const t = performance.now();
      await growTo(database.db, org, counts, server.origin);
      const seedMs = Math.round(performance.now() - t);
      const measured = await measureScale(server.url, org);
      results.push({ scale, seedMs, measured });
      log?.(
        `${scale}×: ${counts.recipes} recipes, ${counts.products} products, ${counts.menus} menus, ${counts.scans} scans (seeded in ${seedMs} ms); export ${measured.exportBytes} B`,
      );
    }
    const header = ['figure (p50 / p99 ms)', ...SCALES.map((s) => `${s}×`)];
    const rows = FIGURES.map((name) => [
      name,
      ...results.map((r) => `${r.measured.timings[name].p50} / ${r.measured.timings[name].p99}`),
    ]);
    rows.push([
      `public menu, ${PUBLIC_SECTIONS * PUBLIC_ITEMS_PER_SECTION} items (B gzip)`,
      ...results.map((r) => String(r.measured.publicGzip)),
    ]);
    rows.push(['account export (B of JSON)', ...results.map((r) => String(r.measured.exportBytes))]);
    log?.('\n' + formatTable(header, rows));

    const last = results.at(-1)!.measured;
    const growth = (name: FigureName) =>
      Object.fromEntries(
        results.map((r) => [
          `${r.scale}x`,
          { p50: r.measured.timings[name].p50, p99: r.measured.timings[name].p99, runs: r.measured.timings[name].runs },
        ]),
      );
    const note =
      'PostgreSQL 15 (throwaway, fsync off), built server in its own process, one client over HTTP; 1,000× = 2,000 recipes, 300 products, 50 menus, 1,000,000 scans';
    const figure = (name: FigureName, target = true): BenchFigure => ({
      value: last.timings[name].p99,
      unit: 'ms',
      target: target ? `≤ ${TARGET_MS} ms p99 at 1,000×` : 'info',
      pass: !target || last.timings[name].p99 <= TARGET_MS,
      note,
      details: { p50: last.timings[name].p50, bytes: last.timings[name].bytes, growth: growth(name) },
    });
    return {
      growth_recipe_list_p99_ms: figure('recipe list (first page, as the web asks)'),
      growth_recipe_list_page_p99_ms: figure('recipe list (tenth page)'),
      growth_recipe_counts_p99_ms: figure('recipe counts (dashboard)'),
      growth_recipe_summaries_p99_ms: figure('recipe summaries (meal plans, picker)'),
      growth_recipe_costs_p99_ms: figure('recipe costs (« Coûts »)'),
      growth_recipe_list_all_p99_ms: figure('recipe list (all at once)', false),
      growth_ingredient_search_p99_ms: figure('ingredient search'),
      growth_menu_editor_p99_ms: figure('menu editor'),
      growth_qr_stats_30_days_p99_ms: figure('QR statistics (30 days)'),
      growth_qr_stats_366_days_p99_ms: figure('QR statistics (366 days)'),
      growth_qr_codes_list_p99_ms: figure('QR codes list'),
      growth_account_export_first_byte_p99_ms: figure('account export (first byte)'),
      growth_account_export_whole_p99_ms: figure('account export (whole file)', false),
      growth_public_menu_200_items_gzip_bytes: {
        value: last.publicGzip,
        unit: 'B',
        target: `≤ ${TARGET_GZIP_BYTES} B (20 KB)`,
        pass: last.publicGzip <= TARGET_GZIP_BYTES,
        note: '200 items in 4 sections, no photos',
        details: { growth: Object.fromEntries(results.map((r) => [`${r.scale}x`, r.measured.publicGzip])) },
      },
    };
  } finally {
    await server?.stop();
    await database?.close().catch(() => {});
    await postgres.stop();
  }
}

await runWhenMain(import.meta.url, (log) => runGrowthBench(log ?? ((line) => process.stderr.write(`${line}\n`))));
