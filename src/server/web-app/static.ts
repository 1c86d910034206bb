import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { sessionCookieValue } from '../auth/session-cache.ts';
import type { AppEnv } from '../context.ts';
import type { PublicConfig } from '../../shared/api/account.ts';
import { loadShellRenderer, type FirstPaintAccount, type ShellRenderer } from './first-paint.ts';
import {
  appPageTemplate,
  fillPage,
  landingScriptTags,
  markSession,
  readManifest,
  withPaintedTitle,
} from './page-template.ts';

/**
 * A file answer with its Cache-Control (serveStatic's `onFound` runs after the answer is made,
 * too late for a header); a path with no file goes on untouched.
 */
function cached(serve: MiddlewareHandler<AppEnv>, cacheControl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const res = await serve(c, next);
    if (res instanceof Response && (res.status === 200 || res.status === 206))
      res.headers.set('Cache-Control', cacheControl);
    return res;
  };
}

export interface WebAppOptions {
  /** The signed-in account of a page load, or null without a valid session. */
  account?: (c: Context<AppEnv>) => Promise<FirstPaintAccount | null>;
  /** GET /api/config's answer, which a signed-out page's first paint is rendered with. */
  config?: PublicConfig;
  /** A first paint that failed: the page is answered without it. */
  onFirstPaintError?: (error: unknown) => void;
  /** The first paint's renderer; by default dist/shell beside `webDir`, when built. */
  shell?: Promise<ShellRenderer | null>;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, every other GET
 * that is not an API or server-rendered path answered with index.html (never cached), and /
 * with the prerendered landing page. A page of the signed-in layout loaded with a valid session
 * comes with its first paint inside `#root` (the header, and the dashboard's greeting),
 * which the app replaces once its code is in (docs/decisions/0028-server-first-paint.md).
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string, options: WebAppOptions = {}): boolean {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  // The build's record of its chunks (dist/web/.vite/manifest.json): which tags of the pages are
  // the app's code (src/server/web-app/page-template.ts).
  const manifest = readManifest(webDir);
  if (!manifest) throw new Error(`${webDir} has no Vite manifest (.vite/manifest.json): build the web app again`);
  // The landing page prerendered by the build (scripts/prerender-landing.mjs): a first visit of /
  // loads a small script instead of the app (docs/decisions/0041-first-load-javascript.md).
  const landingFile = path.join(webDir, 'landing.html');
  const landingHtml = existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : indexHtml;
  // With a session cookie (not checked: no query), the page's script asks /api/me whether the
  // visitor is signed in; without one it does not, so a first visit logs no 401. The app's pages
  // get the same mark: with it, a page's data is fetched beside /api/me (src/web/router.tsx
  // `preloadRoutes`), without it nobody asks for data a visitor cannot read.
  const landingWithSession = markSession(landingHtml);
  // `painted`: with the first paint in the page, the stylesheet is what the screen waits for, the
  // app's code comes after it (docs/decisions/0028-server-first-paint.md « Priorities »).
  // `onFirstMove`: a signed-out paint has no session mark, the app asks nobody for an account that
  // is not there. Nor does it run the app at load: the page's small script starts it on the
  // visitor's first move (src/web/landing/landing-script.ts), and until then its code is only
  // fetched (`prefetch`: kept in the cache, neither compiled nor run as `modulepreload` would
  // have it), for a signed-out page that is interactive at once on a slow phone
  // (docs/decisions/0030-first-load-on-a-slow-phone.md).
  const index = appPageTemplate(indexHtml, manifest);
  const shell =
    options.account || options.config ? (options.shell ?? loadShellRenderer(webDir)) : Promise.resolve(null);
  const signedOutPaints = new Map<string, string>();
  const landingScript = landingScriptTags(landingHtml, manifest);
  // Loading it is the renderer's first use's business; a failure is told there, once per page load.
  shell.catch(() => undefined);

  /** The page's first paint, or null: no renderer, not a page of the layout, no session, or a failure. */
  async function firstPaint(c: Context<AppEnv>): Promise<string | null> {
    try {
      const renderer = await shell;
      if (!renderer || !options.account || !renderer.isAppLayoutPath(c.req.path)) return null;
      const account = await options.account(c);
      return account ? renderer.renderAppShell(c.req.path, account.me, account.config) : null;
    } catch (error) {
      options.onFirstPaintError?.(error);
      return null;
    }
  }

  /**
   * A signed-out page painted for a visitor without a session (/auth: docs/decisions/0028-server-first-paint.md
   * « Signed-out pages »): the page and the cookie banner, the landing's small script to show
   * the banner until a decision and to start the app on the visitor's first move, the app's
   * code fetched meanwhile. The same for every
   * visitor, so each variant is rendered once per process. Null: not such a page, no renderer,
   * or a failure (told once per page load; the page is then sent bare).
   */
  async function signedOutPaint(c: Context<AppEnv>): Promise<string | null> {
    try {
      const renderer = await shell;
      if (!renderer || !options.config || !landingScript || !renderer.isSignedOutPaintPath(c.req.path)) return null;
      const search = new URL(c.req.url).searchParams.get('mode') === 'inscription' ? '?mode=inscription' : '';
      const key = `${c.req.path}${search}`;
      let html = signedOutPaints.get(key);
      if (html === undefined) {
        const rendered = renderer.renderSignedOutPage(c.req.path, search, options.config);
        if (rendered === null) return null;
        const page = withPaintedTitle(index.onFirstMove, rendered);
        const body = `<div id="root" data-first-paint="">${page.markup}</div>\n    <div id="consent-banner-static" hidden>${renderer.renderConsentBanner()}</div>`;
        // `async`: the small script runs as soon as it is in (the banner, the painted buttons
        // and the app's start wait for it).
        const early = landingScript.replace('<script type="module"', '<script type="module" async');
        html = fillPage(page.html, body, early);
        signedOutPaints.set(key, html);
      }
      return html;
    } catch (error) {
      options.onFirstPaintError?.(error);
      return null;
    }
  }

  // Hashed names: a new build has new names, so a year is safe. The build writes .br and .gz
  // copies of the bundles (scripts/precompress.mjs), sent as they are.
  app.use(
    '/assets/*',
    cached(serveStatic({ root: webDir, precompressed: true }), 'public, max-age=31536000, immutable'),
  );
  app.get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(sessionCookieValue(c.req.header('cookie')) ? landingWithSession : landingHtml);
  });
  app.use('*', cached(serveStatic({ root: webDir }), 'public, max-age=3600'));
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Vary', 'Cookie');
    if (!sessionCookieValue(c.req.header('cookie'))) {
      c.header('Cache-Control', 'no-cache');
      return c.html((await signedOutPaint(c)) ?? index.bare);
    }
    const paint = await firstPaint(c);
    // The account's own names: never kept by a shared cache. (A function as replacement: a
    // name with « $& » in it stays as typed.)
    c.header('Cache-Control', paint ? 'private, no-cache' : 'no-cache');
    if (!paint) return c.html(index.withSession);
    const page = withPaintedTitle(index.painted, paint);
    return c.html(fillPage(page.html, `<div id="root" data-first-paint="">${page.markup}</div>`));
  });
  return true;
}
