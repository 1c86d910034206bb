import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { dinerView, viewKey } from './diner-view.ts';
import { etagMatches, sendRevalidated } from './http-cache.ts';
import { LIVE_SCRIPT_PATH, menuEventStream, sendLiveScript } from './menu-live.ts';
import { PageMemo, acceptsGzip, type RenderedPage } from './page-memo.ts';
import { renderMenuNotFoundPage, renderMenuPage } from './render.ts';
import { findUnavailableMenu, loadPublicMenu, loadPublicMenuSource } from './service.ts';
import { renderMenuUnavailablePage } from './unavailable-page.ts';
import { publicMenuTexts } from './texts.ts';

export interface PublicMenuRouteOptions {
  /** Reuse the rendered page while the fetched values are unchanged (default true). */
  memoize?: boolean;
}

/**
 * The public menu, for anonymous diners (docs/product/api.md « Public »): the server-rendered page
 * (docs/product/decisions.md 12) and the same menu as JSON. Opening it counts no scan (docs/product/decisions.md 11).
 */
export function publicMenuRoutes(deps: AppDeps, options: PublicMenuRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const memo = options.memoize === false ? new PageMemo(0) : new PageMemo();

  app.get(LIVE_SCRIPT_PATH, (c) => sendLiveScript(c));

  app.get('/menu/:id', async (c) => {
    const id = c.req.param('id');
    // The page differs by language (?lang=, else Accept-Language) and allergen filter (?sans=).
    const view = dinerView(c.req.queries(), c.req.header('accept-language'));
    c.header('Vary', 'Accept-Encoding, Accept-Language');
    const source = await loadPublicMenuSource(deps.db, id);
    if (!source) {
      c.header('Cache-Control', 'no-cache');
      const paused = await findUnavailableMenu(deps.db, id);
      return c.html(paused ? renderMenuUnavailablePage(paused.restaurantName, view) : renderMenuNotFoundPage(view), 404);
    }
    return sendPage(c, memo.page(`${id}|${viewKey(view)}`, source.fingerprint, () => renderMenuPage(source.toPublicMenu(), view)));
  });

  app.get('/menu/:id/events', (c) => menuEventStream(c, deps.db, deps.menuChanges));

  app.get('/api/public/menus/:id', async (c) => {
    const menu = await loadPublicMenu(deps.db, c.req.param('id'));
    if (!menu) throw new AppError('not_found', 404, publicMenuTexts.notFoundApi);
    return sendRevalidated(c, JSON.stringify(menu), 'application/json; charset=UTF-8');
  });

  return app;
}

/**
 * Revalidated on every request (`no-cache` + ETag, 304 when unchanged), gzip-compressed once
 * per page rather than per request; the app's compress middleware leaves an encoded body alone.
 */
async function sendPage(c: Context<AppEnv>, page: RenderedPage): Promise<Response> {
  const gzip = acceptsGzip(c.req.header('accept-encoding'));
  const etag = gzip ? `W/${page.etag}` : page.etag;
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', etag);
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  if (!gzip) return c.body(page.bytes, 200);
  c.header('Content-Encoding', 'gzip');
  return c.body(await page.gzipped(), 200);
}
