import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { cachePage, PAGE_VARY, pickRepresentation, type CachedPage } from './cached-page.ts';
import { etagMatches, sendRevalidated } from './http-cache.ts';
import { LIVE_SCRIPT_PATH, menuEventStream, OpenStreams, sendLiveScript } from './menu-live.ts';
import { EMBED_SCRIPT_PATH, sendEmbedScript } from './embed.ts';
import { pageRequest, splitTarget } from './page-key.ts';
import { renderMenuNotFoundPage, renderMenuPage } from './render.ts';
import { findUnavailableMenu, loadPublicMenu, loadPublicMenuSource } from './service.ts';
import { renderMenuUnavailablePage } from './unavailable-page.ts';
import { publicMenuTexts } from './texts.ts';
import { loadRestaurantNotice, renderNoticeNotFound, renderRestaurantNotice } from './legal-notice.ts';

export interface PublicMenuRouteOptions {
  /** Keep rendered pages between requests (default true; the bench turns it off to compare). */
  cache?: boolean;
}

/** A cold page's read: the page, or the 404 page of a missing or paused menu. */
type ColdPage = { page: CachedPage } | { page: null; html: string };

/** A kept page is read again at the latest after this long, changes or not (a safety net). */
const MAX_AGE_MS = 10 * 60_000;

/**
 * The public menu, for anonymous diners (docs/product/api.md « Public »): the server-rendered page
 * (docs/product/decisions.md 12) and the same menu as JSON. Opening it counts no scan (docs/product/decisions.md 11).
 *
 * A page is rendered and compressed once per version of the menu, then served from memory
 * without a query (deps.diner.pages, keyed by src/server/features/public-menu/page-key.ts) until
 * a change to what it shows is announced (docs/decisions/0022-performance-at-the-physical-limit.md).
 * Warm pages of a running server are answered before the app's router (src/server/diner-lane.ts);
 * this route renders the cold ones and serves every request made through `app.request`.
 */
export function publicMenuRoutes(deps: AppDeps, options: PublicMenuRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const pages = deps.diner.pages;
  const keep = options.cache ?? true;
  const flights = new SingleFlight<ColdPage>();

  app.get(LIVE_SCRIPT_PATH, (c) => sendLiveScript(c));
  app.get(EMBED_SCRIPT_PATH, (c) => sendEmbedScript(c));

  app.get('/menu/:id', async (c) => {
    const id = c.req.param('id');
    // The page differs by language (?lang=, else Accept-Language) and allergen filter (?sans=).
    const { view, key } = pageRequest(id, splitTarget(c.req.url)[1], c.req.header('accept-language'));
    const kept = keep ? pages.get(key) : undefined;
    if (kept) return sendPage(c, kept);
    const generation = pages.generation();
    const read = async (): Promise<ColdPage> => {
      const now = new Date();
      const source = await loadPublicMenuSource(deps.db, id, now);
      if (!source) {
        const paused = await findUnavailableMenu(deps.db, id);
        return {
          page: null,
          html: paused ? renderMenuUnavailablePage(paused.restaurantName, view) : renderMenuNotFoundPage(view),
        };
      }
      const page = cachePage(renderMenuPage(source.toPublicMenu(), view, deps.config.publicOrigin));
      if (keep) {
        const validUntil = Math.min(now.getTime() + MAX_AGE_MS, source.changesAt?.getTime() ?? Infinity);
        pages.set(key, [`o:${source.organisationId}`, `m:${source.menuId}`], page, {
          generation,
          validUntil,
          weight: page.weight,
        });
      }
      return { page };
    };
    // Concurrent misses of one page share one read and render (src/server/lib/single-flight.ts);
    // the diner who starts it spends one request of the per-client limit, the others none.
    if (!keep || !flights.joinable(key, generation)) c.get('chargeDiner')?.();
    const found = keep ? await flights.run(key, generation, read) : await read();
    if (!found.page) {
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', PAGE_VARY);
      return c.html(found.html, 404);
    }
    return sendPage(c, found.page);
  });

  const openStreams = new OpenStreams(deps.config.eventStreams);
  app.get('/menu/:id/events', (c) => menuEventStream(c, deps.db, deps.menuChanges, openStreams));

  // The restaurant's own « Mentions légales » (./legal-notice.ts), read fresh: it is rarely opened.
  app.get('/menu/:id/mentions-legales', async (c) => {
    const notice = await loadRestaurantNotice(deps.db, c.req.param('id'));
    c.header('Cache-Control', 'no-cache');
    if (!notice) return c.html(renderNoticeNotFound(), 404);
    return c.html(renderRestaurantNotice(notice, deps.config.legal));
  });

  app.get('/api/public/menus/:id', async (c) => {
    const menu = await loadPublicMenu(deps.db, c.req.param('id'));
    if (!menu) throw new AppError('not_found', 404, publicMenuTexts.notFoundApi);
    return sendRevalidated(c, JSON.stringify(menu), 'application/json; charset=UTF-8');
  });

  return app;
}

/**
 * Revalidated on every request (`no-cache` + ETag, 304 when unchanged), in the best encoding
 * the client takes; the app's compress middleware leaves an encoded body alone.
 */
function sendPage(c: Context<AppEnv>, page: CachedPage): Response {
  const chosen = pickRepresentation(page, c.req.header('accept-encoding'));
  if (etagMatches(c.req.header('if-none-match'), chosen.etag)) {
    return c.body(null, 304, { 'Cache-Control': 'no-cache', Vary: PAGE_VARY, ETag: chosen.etag });
  }
  return c.body(chosen.body, 200, chosen.headers);
}
