// First-load JavaScript per page of the built single-page app, gzipped (zlib level 6, what a
// compressing server or CDN typically sends).
// A page loads what dist/web/index.html references (entry script + modulepreload links),
// plus, for a lazy route, its chunk and that chunk's static imports, read from the Vite
// manifest (dist/web/.vite/manifest.json). The landing page / is served prerendered
// (dist/web/landing.html, scripts/prerender-landing.mjs): it loads what that file references,
// with the static imports of each script, and no route chunk. The route → module mapping is read from the
// `path: '…' … import('…')` pairs of src/web/router.tsx, falling back to the page file name.
//   node bench/js-size.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { round } from './lib/figures.mjs';

const root = path.join(import.meta.dirname, '..');
const webDir = path.join(root, 'dist', 'web');
const manifestFile = path.join(webDir, '.vite', 'manifest.json');
const routerFile = path.join(root, 'src', 'web', 'router.tsx');

/**
 * Budgets of docs/decisions/0041-first-load-javascript.md, in kB (1000 bytes, the stricter reading)
 * of gzipped JS: the landing page ≤ 60, every other route of the app (signed-in or not) ≤ 120.
 */
const TARGET_KB = 120;
const LANDING_TARGET_KB = 60;

/** The pages measured; `names` are the page file names tried when router.tsx gives no answer. */
const PAGES = [
  { key: 'home', route: '/', names: ['landing', 'home', 'index'] },
  { key: 'auth', route: '/auth', names: ['auth'] },
  { key: 'dashboard', route: '/dashboard', names: ['dashboard'] },
  { key: 'recipes', route: '/recipes', names: ['recipes'] },
  { key: 'menus', route: '/menus', names: ['menus'] },
  { key: 'qr_codes', route: '/qr-codes', names: ['qr-codes', 'qr'] },
  { key: 'subscription', route: '/subscription', names: ['subscription'] },
  { key: 'admin', route: '/admin', names: ['admin'] },
  { key: 'products', route: '/produits', names: ['products'] },
  { key: 'menu_editor', route: '/menus/:menuId', names: ['menu-editor'] },
  { key: 'meal_plans', route: '/plans-de-menus', names: ['meal-plans'] },
  { key: 'account', route: '/account', names: ['account'] },
  // docs/product/organisations.md: the organisation's pages and the invitation link.
  { key: 'team', route: '/equipe', names: ['team'] },
  { key: 'establishments', route: '/etablissements', names: ['establishments'] },
  { key: 'history', route: '/historique', names: ['history'] },
  { key: 'invitation', route: '/invitation/:token', names: ['invitation'] },
  { key: 'reset_password', route: '/reset-password', names: ['reset-password'] },
  { key: 'legal', route: '/confidentialite', names: ['privacy-policy'] },
  { key: '404', route: '/page-inexistante', names: ['not-found', '404'] },
];

const SIGNED_IN = new Set([
  'dashboard',
  'recipes',
  'menus',
  'qr_codes',
  'subscription',
  'admin',
  'account',
  'team',
  'establishments',
  'history',
  'products',
  'menu_editor',
  'meal_plans',
]);

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const content = readFileSync(path.join(webDir, file));
    sizeCache.set(file, { raw: content.length, gzip: gzipSync(content, { level: 6 }).length });
  }
  return sizeCache.get(file);
}

/** Files referenced by an HTML file of the build: the entry script(s), modulepreloads and stylesheets. */
function indexReferences(file = 'index.html') {
  const html = readFileSync(path.join(webDir, file), 'utf8');
  const attr = (tag, name) => tag.match(new RegExp(`\\b${name}=["']([^"']+)["']`))?.[1];
  const local = (url) => url && !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//');
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (local(src)) js.add(src.replace(/^\//, ''));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!local(href)) continue;
    if (rel === 'modulepreload') js.add(href.replace(/^\//, ''));
    if (rel === 'stylesheet') css.add(href.replace(/^\//, ''));
  }
  return { js, css };
}

/** Route path → manifest key of its lazily imported module, from router.tsx. */
function lazyRoutesFromRouter() {
  const routes = new Map();
  if (!existsSync(routerFile)) return { routes, source: '' };
  const source = readFileSync(routerFile, 'utf8');
  for (const [, route, specifier] of source.matchAll(
    /path:\s*['"]([^'"]+)['"][^{}]*?import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const file = path
      .relative(root, path.resolve(path.dirname(routerFile), specifier))
      .split(path.sep)
      .join('/');
    routes.set(route, file);
  }
  return { routes, source };
}

/** A chunk and its static imports, as output files. */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

function cssOf(manifest, key, into = new Set(), seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return into;
  seen.add(key);
  for (const file of chunk.css ?? []) into.add(file);
  for (const dep of chunk.imports ?? []) cssOf(manifest, dep, into, seen);
  return into;
}

const kb = (bytes) => round(bytes / 1000, 1);
const total = (files, kind) => [...files].reduce((sum, file) => sum + sizes(file)[kind], 0);

export async function runJsSizeBench({ log = () => {} } = {}) {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    log(
      'first-load JS: skipped, dist/web/index.html not found (the web app is not built: no index.html or vite.config.ts at the project root?)',
    );
    return {};
  }
  const { js: entryJs, css: entryCss } = indexReferences();
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
  if (!manifest)
    log('first-load JS: no .vite/manifest.json (build.manifest is off), every page is given the shared entry size');
  const { routes: lazyRoutes, source: routerSource } = lazyRoutesFromRouter();
  const declared = (route) => routerSource.includes(`'${route}'`) || routerSource.includes(`"${route}"`);
  const dynamicEntries = manifest ? Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry) : [];

  const figures = {};
  for (const page of PAGES) {
    // An unknown address gets the `*` route's page (src/web/router.tsx).
    let lazyKey = lazyRoutes.get(page.route) ?? (page.key === '404' ? lazyRoutes.get('*') : undefined);
    if (!lazyKey && manifest && page.key !== '404' && !declared(page.route)) {
      // Not declared in router.tsx in a form we read: try the page's file name.
      lazyKey = dynamicEntries.find(([key]) =>
        page.names.some((name) => new RegExp(`/(${name})(-page)?\\.[jt]sx?$`).test(key)),
      )?.[0];
    }
    const prerendered = page.key === 'home' && existsSync(path.join(webDir, 'landing.html'));
    if (prerendered) {
      const { js, css } = indexReferences('landing.html');
      const files = new Set(js);
      // Each script's static imports, were they not all preloaded.
      if (manifest)
        for (const [key, chunk] of Object.entries(manifest))
          if (js.has(chunk.file)) staticClosure(manifest, key, files);
      const gzip = total(files, 'gzip');
      figures[`first_load_js_${page.key}_kb`] = {
        value: kb(gzip),
        target: `≤ ${LANDING_TARGET_KB} kB gzip`,
        pass: gzip <= LANDING_TARGET_KB * 1000,
        unit: 'kB gzip',
        route: page.route,
        rawKb: kb(total(files, 'raw')),
        cssGzipKb: kb(total(css, 'gzip')),
        files: [...files],
        note: 'prerendered dist/web/landing.html and its script',
      };
      log(`first-load JS ${page.route.padEnd(18)} ${kb(gzip)} kB gzip (prerendered landing.html)`);
      continue;
    }
    const files = new Set(entryJs);
    const css = new Set(entryCss);
    if (manifest && lazyKey && manifest[lazyKey]) {
      staticClosure(manifest, lazyKey, files);
      cssOf(manifest, lazyKey, css);
    }
    // Signed-in pages also load the (lazy) signed-in layout.
    const layoutKey = 'src/web/layouts/app-layout.tsx';
    if (manifest && SIGNED_IN.has(page.key) && manifest[layoutKey]) {
      staticClosure(manifest, layoutKey, files);
      cssOf(manifest, layoutKey, css);
    }
    const known = page.key === '404' || declared(page.route) || Boolean(lazyKey);
    const gzip = total(files, 'gzip');
    const note = !known
      ? 'route not in router.tsx yet: the 404 page is served'
      : lazyKey && manifest && !manifest[lazyKey]
        ? `${lazyKey} is not in the manifest: stale build?`
        : lazyKey
          ? `entry + lazy ${lazyKey}`
          : 'entry bundle only';
    const budget = page.key === 'home' ? LANDING_TARGET_KB : TARGET_KB;
    figures[`first_load_js_${page.key}_kb`] = {
      value: kb(gzip),
      target: `≤ ${budget} kB gzip`,
      pass: gzip <= budget * 1000,
      unit: 'kB gzip',
      route: page.route,
      rawKb: kb(total(files, 'raw')),
      cssGzipKb: kb(total(css, 'gzip')),
      files: [...files],
      note,
    };
    log(`first-load JS ${page.route.padEnd(18)} ${kb(gzip)} kB gzip (${note})`);
  }
  return figures;
}

if (import.meta.filename === process.argv[1]) {
  const { runMain } = await import('./lib/figures.mjs');
  await runMain((log) => runJsSizeBench({ log }));
}
