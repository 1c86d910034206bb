import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The built pages (dist/web/index.html and landing.html) cut once, at startup, into the pieces
 * the server changes: the tags Vite wrote for the app's entry and its module preloads, the
 * landing's script and its preloads (scripts/prerender-landing.mjs), `<html lang="fr">`,
 * `<title>`, `</head>` and the empty `<div id="root"></div>`. Which tags those are comes from
 * the build's own record, Vite's manifest (`build.manifest` in vite.config.ts: each chunk's
 * `file` and static `imports`), never from a pattern over the HTML; every variant is then made
 * by exact replacement of those strings. A build whose pages do not hold what the manifest says
 * fails at startup, instead of serving a page half changed.
 */

/** One chunk of Vite's manifest (https://vite.dev/guide/backend-integration). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The manifest's keys of the app's page and of the landing's small script (vite.config.ts `rollupOptions.input`). */
const APP_ENTRY = 'index.html';
const LANDING_ENTRY = 'src/web/landing/landing-script.ts';

const HTML_OPEN = '<html lang="fr">';
const HEAD_END = '</head>';
const EMPTY_ROOT = '<div id="root"></div>';
const TITLE_OPEN = '<title>';
const TITLE_CLOSE = '</title>';

// Vite's tags for an HTML entry (vite:build-html: `crossorigin`, an absolute path from `base`).
const entryTag = (file: string) => `<script type="module" crossorigin src="/${file}"></script>`;
const preloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
const prefetchTag = (file: string) => `<link rel="prefetch" crossorigin href="/${file}">`;
/** A tag of Vite's with `fetchpriority="low"` after its first attribute. */
const lowPriority = (tag: string) => {
  const firstAttribute = tag.indexOf('"', tag.indexOf('"') + 1) + 1;
  return `${tag.slice(0, firstAttribute)} fetchpriority="low"${tag.slice(firstAttribute)}`;
};

export interface AppPageTemplate {
  /** index.html as built. */
  bare: string;
  /** With the session mark: a page load that carried a session cookie. */
  withSession: string;
  /** With the session mark and the app's code after the stylesheet: a page sent with its first paint. */
  painted: string;
  /** Without the mark, the app's entry and preloads only fetched: a painted signed-out page. */
  onFirstMove: string;
}

function occurrences(text: string, piece: string): number {
  return text.split(piece).length - 1;
}

function expectOnce(text: string, piece: string, file: string): void {
  const count = occurrences(text, piece);
  if (count !== 1) throw new Error(`${file}: expected ${piece} once, found it ${count} times`);
}

/** `text` with each of `pieces` (present exactly once) replaced as `change` says. */
function replaceEach(text: string, pieces: string[], change: (piece: string) => string): string {
  let out = text;
  for (const piece of pieces) out = out.replace(piece, () => change(piece));
  return out;
}

/** The files of the app's entry and of its module preloads, as index.html holds them. */
function appTags(indexHtml: string, manifest: ViteManifest): { entry: string; preloads: string[] } {
  const app = manifest[APP_ENTRY];
  if (!app) throw new Error(`the Vite manifest has no ${APP_ENTRY}`);
  expectOnce(indexHtml, entryTag(app.file), 'index.html');
  // Vite preloads the entry's static imports and theirs: every chunk file whose tag the page holds.
  const preloads = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter(
    (file) => occurrences(indexHtml, preloadTag(file)) === 1,
  );
  if (occurrences(indexHtml, '<link rel="modulepreload"') !== preloads.length)
    throw new Error('index.html: a module preload of no chunk of the Vite manifest');
  if (occurrences(indexHtml, '<script type="module"') !== 1)
    throw new Error('index.html: a module script besides the entry of the Vite manifest');
  return { entry: app.file, preloads };
}

/** The app's page in each of its variants (src/server/web-app/static.ts), made once. */
export function appPageTemplate(indexHtml: string, manifest: ViteManifest): AppPageTemplate {
  const { entry, preloads } = appTags(indexHtml, manifest);
  for (const piece of [HTML_OPEN, HEAD_END, EMPTY_ROOT]) expectOnce(indexHtml, piece, 'index.html');
  const tags = new Map([entry, ...preloads].map((file, i) => [i === 0 ? entryTag(file) : preloadTag(file), file]));
  const withSession = markSession(indexHtml);
  return {
    bare: indexHtml,
    withSession,
    painted: replaceEach(withSession, [...tags.keys()], lowPriority),
    onFirstMove: replaceEach(indexHtml, [...tags.keys()], (tag) => prefetchTag(tags.get(tag)!)),
  };
}

/** A page with the session mark, read by src/web/lib/queries.ts. */
export function markSession(html: string): string {
  return html.replace(HTML_OPEN, '<html lang="fr" data-session="">');
}

/**
 * The landing's small script and its preloads, as scripts/prerender-landing.mjs wrote them into
 * landing.html; null when the landing was not prerendered (no landing.html, or not this build's).
 */
export function landingScriptTags(landingHtml: string, manifest: ViteManifest): string | null {
  const app = manifest[APP_ENTRY];
  const landing = manifest[LANDING_ENTRY];
  if (!app || !landing) return null;
  const tags = [
    `<script type="module" crossorigin src="/${landing.file}" data-app="/${app.file}"></script>`,
    ...(landing.imports ?? []).flatMap((key) => (manifest[key] ? [preloadTag(manifest[key].file)] : [])),
  ].join('\n    ');
  return occurrences(landingHtml, tags) === 1 ? tags : null;
}

/**
 * A painted page's own title (RGAA 8.6): React's server render puts a page's `<title>` first in
 * its markup; it goes to the head, in place of the built page's, and out of the body (where it
 * would be invalid HTML).
 */
export function withPaintedTitle(html: string, markup: string): { html: string; markup: string } {
  if (!markup.startsWith(TITLE_OPEN)) return { html, markup };
  const end = markup.indexOf(TITLE_CLOSE);
  const start = html.indexOf(TITLE_OPEN);
  const close = html.indexOf(TITLE_CLOSE, start);
  if (end < 0 || start < 0 || close < 0) return { html, markup };
  const title = markup.slice(0, end + TITLE_CLOSE.length);
  return {
    html: html.slice(0, start) + title + html.slice(close + TITLE_CLOSE.length),
    markup: markup.slice(title.length),
  };
}

/** `html` with `body` in place of its empty `#root`, and `head` (if any) before `</head>`. */
export function fillPage(html: string, body: string, head?: string): string {
  const withHead = head === undefined ? html : html.replace(HEAD_END, () => `${head}\n  ${HEAD_END}`);
  return withHead.replace(EMPTY_ROOT, () => body);
}

/** The manifest the build wrote beside the pages (dist/web/.vite/manifest.json), or null. */
export function readManifest(webDir: string): ViteManifest | null {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
}
