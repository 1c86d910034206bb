import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from './deps.ts';
import { PAGE_VARY, pickRepresentation, type Representation } from './features/public-menu/cached-page.ts';
import { etagMatches } from './features/public-menu/http-cache.ts';
import { pageRequest, splitTarget } from './features/public-menu/page-key.ts';
import type { Logger } from './lib/logger.ts';

/** The app's security headers of a diner's answers (src/server/app.ts `dinerSecurityHeaders`). */
export interface DinerSecurityHeaders {
  /** On `/menu/:id`: framed by this origin only (the menu editor's « Aperçu »). */
  page: Record<string, string>;
  /** On `/qr/:id`. */
  redirect: Record<string, string>;
}

/** Answers the request and returns true, or returns false and leaves it to the app. */
export type Lane = (req: IncomingMessage, res: ServerResponse) => boolean;

const SUMMARY_MS = 10_000;

/**
 * The diner's lane (docs/decisions/0022-performance-at-the-physical-limit.md): a warm public page
 * (`GET`/`HEAD /menu/:id`, any query) and the redirect of a known active QR code (`GET /qr/:id`)
 * are answered straight from memory on Node's request, before Hono builds a Request and runs
 * the middleware these answers do not need (body limit, CSRF, session, compression, router).
 * They carry the same headers as the app's answer: the diner pages' security headers
 * (`securityHeaders`, taken from the app's own middleware by app.ts), `X-Request-Id`, and the
 * page's cache headers. Anything else, a cold page or an unknown code falls through to the app,
 * which fills what the lane serves next.
 *
 * Logging: one line per request costs as much as the answer itself here, so the lane logs one
 * `diner requests` line every 10 s with the counts of what it answered; every request it leaves
 * to the app is logged by the app, one line each, as before.
 */
export function createDinerLane(
  deps: Pick<AppDeps, 'diner'>,
  securityHeaders: DinerSecurityHeaders,
  logger: Logger,
): { lane: Lane; stop(): void } {
  const { pages, qrTargets, scans } = deps.diner;
  const security = Object.entries(securityHeaders.page).flat();
  const redirectSecurity = Object.entries(securityHeaders.redirect).flat();
  const flatHeaders = new WeakMap<Representation, string[]>();
  const counts = { page: 0, notModified: 0, qr: 0 };
  const timer = setInterval(() => {
    if (counts.page + counts.notModified + counts.qr === 0) return;
    logger.info('diner requests', { ...counts, seconds: SUMMARY_MS / 1000 });
    counts.page = counts.notModified = counts.qr = 0;
  }, SUMMARY_MS);
  timer.unref();

  const requestId = (req: IncomingMessage) => {
    const given = req.headers['x-request-id'];
    return (typeof given === 'string' && given.slice(0, 64)) || randomUUID();
  };

  const lane: Lane = (req, res) => {
    const url = req.url ?? '';
    const method = req.method;
    if (url.startsWith('/menu/') && (method === 'GET' || method === 'HEAD')) {
      const [path, search] = splitTarget(url);
      const page = pages.get(pageRequest(path.slice(6), search, req.headers['accept-language']).key);
      if (!page) return false;
      const chosen = pickRepresentation(page, req.headers['accept-encoding']);
      if (etagMatches(req.headers['if-none-match'], chosen.etag)) {
        res.writeHead(304, [
          ...security,
          'Cache-Control',
          'no-cache',
          'Vary',
          PAGE_VARY,
          'ETag',
          chosen.etag,
          'X-Request-Id',
          requestId(req),
        ]);
        res.end();
        counts.notModified++;
        return true;
      }
      let headers = flatHeaders.get(chosen);
      if (!headers) flatHeaders.set(chosen, (headers = [...security, ...Object.entries(chosen.headers).flat()]));
      res.writeHead(200, [...headers, 'X-Request-Id', requestId(req)]);
      res.end(method === 'HEAD' ? undefined : chosen.body);
      counts.page++;
      return true;
    }
    if (url.startsWith('/qr/') && method === 'GET' && scans.accepting()) {
      const id = url.slice(4);
      const target = qrTargets.get(id);
      if (!target) return false;
      scans.push(id);
      res.writeHead(302, [
        ...redirectSecurity,
        'Cache-Control',
        'no-store',
        'Location',
        `/menu/${target.menuId}`,
        'Content-Length',
        '0',
        'X-Request-Id',
        requestId(req),
      ]);
      res.end();
      counts.qr++;
      return true;
    }
    return false;
  };
  return { lane, stop: () => clearInterval(timer) };
}
