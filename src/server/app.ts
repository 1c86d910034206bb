import { Hono, type Context } from 'hono';
import type { DinerSecurityHeaders } from './diner-lane.ts';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import type { PublicConfig } from '../shared/api/account.ts';
import { MAX_PURCHASE_FILE_BYTES } from '../shared/api/purchase-messages.ts';
import { messages } from '../shared/messages.ts';
import { PHOTO_MAX_BYTES, photoMessages } from '../shared/api/photos.ts';
import { authRoutes } from './auth/routes.ts';
import type { AppEnv } from './context.ts';
import type { AppDeps } from './deps.ts';
import { checkViolation } from './db/constraints.ts';
import { accountRoutes } from './features/account/routes.ts';
import { readMeKept } from './features/account/account-cache.ts';
import { establishmentRoutes } from './features/establishments/routes.ts';
import { organisationRoutes } from './features/organisation/routes.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { recipeRoutes } from './features/recipes/routes.ts';
import { menuLabelRoutes, recipeLabelRoutes, temoinRoutes } from './features/labels/routes.ts';
import { productRoutes } from './features/products/routes.ts';
import { ingredientPriceRoutes } from './features/ingredient-prices/routes.ts';
import { productFileRoutes } from './features/products/files/routes.ts';
import { recipeFileRoutes } from './features/recipes/file-export.ts';
import { menuRoutes } from './features/menus/routes.ts';
import { cateringTagRoutes, mealPlanRoutes } from './features/meal-plans/routes.ts';
import { egalimEstimate } from './features/meal-plans/analysis.ts';
import { purchaseRoutes } from './features/purchases/routes.ts';
import { weekPageRoutes } from './features/meal-plans/week-page.ts';
import { publicMenuRoutes } from './features/public-menu/routes.ts';
import { renderMenuUnavailablePage } from './features/public-menu/unavailable-page.ts';
import { EMBED_SCRIPT_PATH } from './features/public-menu/embed.ts';
import { qrCodeRoutes, qrRedirectRoutes } from './features/qr/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { trackingRoutes } from './features/events/routes.ts';
import { photoFileRoutes } from './features/photos/routes.ts';
import { integrationRoutes } from './features/integrations/routes.ts';
import { publicApiRoutes } from './features/public-api/routes.ts';
import { PHOTO_UPLOAD_PATH, photoUploadRoutes } from './features/photos/upload-routes.ts';
import { getRecipe } from './features/recipes/service.ts';
import { itemParents } from './features/menus/content.ts';
import { clientIp } from './lib/client-ip.ts';
import { ClientRate } from './lib/client-rate.ts';
import { compressResponses } from './lib/compress.ts';
import { isClientAbort, isDatabaseUnavailable } from './lib/db-errors.ts';
import { AppError, RateLimitedError } from './lib/errors.ts';
import { optionalSession } from './auth/require-user.ts';
import type { ShellRenderer } from './web-app/first-paint.ts';
import { mountWebApp } from './web-app/static.ts';
import { sql } from 'kysely';
import { timingSafeEqual } from 'node:crypto';
import type { Metrics } from './metrics.ts';
import { requestContext } from './lib/request-context.ts';

const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * What one client may ask of the diner's routes that reach the database (a page not kept yet,
 * an unknown code, the JSON menu): a dining room behind one address opens a few pages each,
 * a flood gets 429 with Retry-After. Kept pages and known codes are answered before the app
 * (src/server/diner-lane.ts) at a cost that does not touch the database, and are not counted.
 * docs/decisions/0022-performance-at-the-physical-limit.md « Fairness ».
 */
export const PUBLIC_RATE = { perSecond: 20, burst: 200 };
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Paths called by other servers, not browsers: they prove themselves another way. */
const ORIGIN_EXEMPT = new Set(['/api/billing/webhook']);
/** The public API authenticates with a key in a header, never a cookie: a browser cannot be made to send it (docs/product/integrations.md). */
const isKeyAuthenticated = (path: string) => path.startsWith('/api/v1/');

export interface AppOptions {
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string;
  trustProxy?: boolean;
  /** The clock of the diner's per-client limit (tests hold it). */
  publicRateNow?: () => number;
  /** The signed-in layout's first paint; by default dist/shell beside `webDir` (tests give their own). */
  shell?: Promise<ShellRenderer | null>;
  /** Prometheus metrics (src/server/metrics.ts); GET /metrics answers when `config.metrics.token` is set. */
  metrics?: Metrics;
}

function errorBody(
  code: ApiErrorBody['error']['code'],
  message: string,
  fields?: Record<string, string>,
  extra?: AppError['extra'],
): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), ...extra } };
}

/**
 * 413, then the connection is closed (docs/decisions/0011-account-throttle-and-413.md): the
 * answer leaves before the body is read, and the unread rest cannot be told apart from a
 * next request on the same connection. `Connection: close` tells the client to open a new one.
 */
function payloadTooLarge(c: Context, photo = false) {
  c.header('Connection', 'close');
  if (photo)
    return c.json(errorBody('payload_too_large', photoMessages.tooLarge, { photo: photoMessages.tooLarge }), 413);
  return c.json(errorBody('payload_too_large', messages.generic.payloadTooLarge), 413);
}

/**
 * `/menu/:id` and `/qr/:id` (not their events or scripts): src/server/features/public-menu/routes.ts,
 * src/server/features/qr/routes.ts; and the ingredient search, charged only when nobody is
 * signed in (src/server/features/catalogue/routes.ts): an owner typing a recipe is an account.
 */
const CHARGED_BY_ROUTE = /^\/(menu\/[^/]+|qr\/[^/]+|api\/catalogue\/ingredients)$/;
const isDinerPath = (path: string) =>
  path.startsWith('/menu/') || path.startsWith('/qr/') || path.startsWith('/api/public/');
/**
 * What anyone may ask without signing in, charged to the same per-client budget as the diner's
 * routes: a family's week (/semaine/…) and the ingredient search, which an attack read at 700
 * and 369 requests a second from one client while the owners' API slowed to 2.45 s.
 */
const isRateLimitedPath = (path: string) =>
  isDinerPath(path) || path.startsWith('/semaine/') || path.startsWith('/api/catalogue/');

/**
 * `framedByAnyone`: the diner's menu page may be framed by any site: the menu editor's
 * « Aperçu » pane (src/web/features/menus/menu-preview.tsx) and the restaurant's own website,
 * through the embed of « Intégrations » (docs/decisions/0039-public-api-and-operations.md
 * « Embed »: the page holds no cookie, no session and no action to trick a diner into); every
 * other page refuses any frame.
 */
function securityHeaders(config: AppDeps['config'], pixel: boolean, framedByAnyone = false) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(pixel ? ['https://connect.facebook.net'] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(pixel ? ['https://www.facebook.com'] : [])],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(pixel ? ['https://www.facebook.com', 'https://connect.facebook.net'] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [framedByAnyone ? '*' : "'none'"],
    },
    strictTransportSecurity: config.publicOrigin.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // X-Frame-Options cannot say « any site »; frame-ancestors above says it for every browser that matters.
    ...(framedByAnyone ? { xFrameOptions: false } : {}),
  });
}

/** The diner's security headers by path: a menu page may be framed (« Aperçu », a restaurant's website), a QR redirect not. */
const dinerHeadersFor = (config: AppDeps['config'], path: string) =>
  securityHeaders(config, false, path.startsWith('/menu/'));

/**
 * The security headers of a diner's answers, as the app's middleware sets them: the diner's
 * lane (src/server/diner-lane.ts) sends these on the pages and redirects it gives before the app.
 */
export async function dinerSecurityHeaders(config: AppDeps['config']): Promise<DinerSecurityHeaders> {
  const probe = async (path: string) => {
    const app = new Hono();
    app.use('*', dinerHeadersFor(config, path));
    app.get('*', (c) => c.body(null, 204));
    const headers: Record<string, string> = {};
    (await app.request(path)).headers.forEach((value, name) => (headers[name] = value));
    return headers;
  };
  return { page: await probe('/menu/'), redirect: await probe('/qr/') };
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const { config, logger } = deps;
  const app = new Hono<AppEnv>();
  const allowedOrigins = new Set(config.allowedOrigins);

  const metrics = options.metrics;
  if (metrics) {
    app.use('*', metrics.middleware);
    // On the app's port only with a token (docs/operations.md « Metrics »); else 404, as if absent.
    const token = config.metrics.token && Buffer.from(`Bearer ${config.metrics.token}`);
    app.get('/metrics', async (c) => {
      const given = Buffer.from(c.req.header('authorization') ?? '');
      if (!token || given.length !== token.length || !timingSafeEqual(given, token))
        return c.text('Page non trouvée', 404);
      c.header('Cache-Control', 'no-store');
      return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
    });
  }

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    // The request's queries carry its id to PostgreSQL (src/server/db/application-name.ts).
    await requestContext.run({ requestId }, next);
    // A 5xx is logged at LOG_LEVEL=warn too, whoever answered it (better-auth answers some
    // itself); the e2e run fails on such a line (e2e/global-teardown.ts).
    (c.res.status >= 500 ? logger.warn : logger.info)('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // The Meta pixel is the only third party, only when META_PIXEL_ID is set, and never on the
  // diner's pages (public menu, QR redirect), which load no tracker at all.
  const appHeaders = securityHeaders(config, Boolean(config.metaPixelId));
  const dinerHeaders = dinerHeadersFor(config, '/qr/');
  const previewHeaders = dinerHeadersFor(config, '/menu/');
  // The embed script is loaded by restaurants' websites: it sets its own Cross-Origin-Resource-Policy (public-menu/embed.ts).
  const embedHeaders = secureHeaders({ overwrite: false });
  app.use('*', (c, next) =>
    (c.req.path.startsWith('/menu/')
      ? previewHeaders
      : isDinerPath(c.req.path)
        ? dinerHeaders
        : c.req.path === EMBED_SCRIPT_PATH
          ? embedHeaders
          : appHeaders)(c, next),
  );
  app.use('*', compressResponses());

  const publicRate = new ClientRate(PUBLIC_RATE.perSecond, PUBLIC_RATE.burst, options.publicRateNow);
  const trustProxy = options.trustProxy ?? false;
  app.use('*', async (c, next) => {
    if (isRateLimitedPath(c.req.path)) {
      const client = clientIp(c, trustProxy);
      c.set('dinerClient', client);
      const charge = () => {
        const wait = publicRate.take(client);
        if (wait > 0) throw new RateLimitedError(messages.generic.tooManyRequests, wait);
      };
      // A page or a code is charged by its route, only when it reads the database (a kept
      // answer, or a read already under way for another diner, costs none); the rest here.
      if (CHARGED_BY_ROUTE.test(c.req.path)) c.set('chargeDiner', charge);
      else charge();
    }
    await next();
  });

  // 1 MB of JSON everywhere, 5 MB for a photo upload (docs/decisions/0017-photos.md): a bigger
  // body is refused from its Content-Length, or cut off as soon as its chunks pass the limit.
  const jsonLimit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => payloadTooLarge(c) });
  const photoLimit = bodyLimit({ maxSize: PHOTO_MAX_BYTES, onError: (c) => payloadTooLarge(c, true) });
  // A supplier's file of 10 000 products (src/server/features/products/files/routes.ts), an
  // invoice (Factur-X PDF, CII or UBL), a supplier's price list or a till's sales export: 8 MB (src/shared/api/purchase-messages.ts).
  const fileLimit = bodyLimit({ maxSize: MAX_PURCHASE_FILE_BYTES, onError: (c) => payloadTooLarge(c) });
  const UPLOAD_PATHS = new Set(['/api/purchases/invoices', '/api/purchases/price-lists', '/api/sales/import']);
  // A GET or HEAD has no body here (the adapter gives it none): Hono's check would only build the
  // whole Request to find that out, on every read of the API.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : (c.req.method === 'PUT' && PHOTO_UPLOAD_PATH.test(c.req.path)
          ? photoLimit
          : c.req.method === 'POST' && (c.req.path.startsWith('/api/files/') || UPLOAD_PATHS.has(c.req.path))
            ? fileLimit
            : jsonLimit)(c, next),
  );

  // CSRF (docs/product/api.md): a state-changing API request must come from the app's own origin.
  app.use('/api/*', async (c, next) => {
    if (MUTATING.has(c.req.method) && !ORIGIN_EXEMPT.has(c.req.path) && !isKeyAuthenticated(c.req.path)) {
      const origin = c.req.header('origin');
      if (!origin || !allowedOrigins.has(origin)) throw new AppError('forbidden', 403, messages.generic.badOrigin);
    }
    await next();
  });

  // Read-your-writes on the public pages (docs/decisions/0022-performance-at-the-physical-limit.md):
  // a write is answered once this process's caches have dropped what it changed, so the owner
  // who opens the page next sees the edit. Other processes follow within milliseconds.
  // A deletion can also release photos held by what it deleted (a menu's items, an account's
  // recipes): their bucket copies are deleted once it committed (src/server/domain/photos/orphans.ts).
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method === 'DELETE' && c.res.status < 300) deps.photos.sweeper.request();
    if (MUTATING.has(c.req.method) && c.res.status < 400) await deps.diner.sync().catch(() => {});
  });

  app.get('/api/health', async (c) => {
    try {
      await sql`SELECT 1`.execute(deps.db);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  const publicConfig: PublicConfig = {
    appName: 'NutriCarte',
    appEnv: config.appEnv,
    publicOrigin: config.publicOrigin,
    emailConfirmationRequired: Boolean(config.smtpUrl),
    metaPixelId: config.metaPixelId ?? null,
    legal: config.legal,
  };
  app.get('/api/config', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(publicConfig);
  });

  app.route('/api/auth', authRoutes(deps, { trustProxy: options.trustProxy ?? false }));
  app.route('/api', accountRoutes(deps));
  app.route('/api', organisationRoutes(deps));
  app.route('/api/establishments', establishmentRoutes(deps));
  // The search's caller: the session, then the active organisation from GET /api/me's answer,
  // both kept in memory (src/server/features/catalogue/own-ingredients.ts).
  const signedInOrganisation = async (c: Context<AppEnv>) => {
    const user = await optionalSession(deps, c);
    return user && ((await readMeKept(deps.db, deps.diner.accounts, user))?.organisation.id ?? null);
  };
  app.route(
    '/api/catalogue',
    catalogueRoutes({ db: deps.db, signedInOrganisation, ownIngredients: deps.diner.ownIngredients }),
  );
  app.route('/api/recipes', cateringTagRoutes(deps));
  // PUT and DELETE /api/recipes/:id/photo and /api/items/:id/photo: the owner is the one the
  // recipe's GET and the item's PUT answer to (docs/decisions/0017-photos.md).
  app.route('/api/recipes', photoUploadRoutes(deps, { holder: 'recipes', findOwned: getRecipe }));
  app.route('/api/recipes', recipeRoutes(deps));
  // Labels (docs/product/labels.md): a recipe's, a menu's dishes', a planned day's « plats témoins ».
  app.route('/api/recipes', recipeLabelRoutes(deps));
  app.route('/api/menus', menuLabelRoutes(deps));
  app.route('/api/meal-plans', temoinRoutes(deps));
  app.route('/api/meal-plans', mealPlanRoutes(deps));
  // Before /api/products/:id: these paths are files (docs/decisions/0023-costs-import-export.md).
  app.route('/api/files', productFileRoutes(deps));
  app.route('/api/files', recipeFileRoutes(deps));
  app.route('/api', purchaseRoutes(deps, { egalimEstimate: (org, period) => egalimEstimate(deps.db, org, period) }));
  app.route('/api/products', productRoutes(deps));
  app.route('/api/ingredient-prices', ingredientPriceRoutes(deps));
  app.route('/api/items', photoUploadRoutes(deps, { holder: 'menu_items', findOwned: itemParents }));
  app.route('/api', menuRoutes(deps));
  app.route('/', publicMenuRoutes(deps));
  app.route('/', weekPageRoutes(deps));
  app.route('/', photoFileRoutes(deps));
  app.route('/api/qr-codes', qrCodeRoutes(deps));
  app.route('/api/billing', billingRoutes(deps));
  app.route('/api/admin', adminRoutes(deps));
  app.route('/api/tracking', trackingRoutes(deps));
  app.route('/api/integrations', integrationRoutes(deps, { production: config.appEnv === 'production' }));
  app.route('/api/v1', publicApiRoutes(deps));

  app.all('/api/*', (c) => c.json(errorBody('not_found', messages.generic.notFound), 404));
  app.route('/', qrRedirectRoutes(deps, { unavailable: renderMenuUnavailablePage }));

  if (options.webDir) {
    mountWebApp(app, options.webDir, {
      // The signed-in layout's first paint (docs/decisions/0028-server-first-paint.md): the
      // session and GET /api/me's answer, as the app would ask for them.
      account: async (c) => {
        const user = await optionalSession(deps, c);
        const me = user && (await readMeKept(deps.db, deps.diner.accounts, user));
        return me ? { me, config: publicConfig } : null;
      },
      config: publicConfig,
      onFirstPaintError: (error) => logger.warn('first paint failed, the page is sent without it', { err: error }),
      shell: options.shell,
    });
  }

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json(errorBody('not_found', messages.generic.notFound), 404)
      : c.text('Page non trouvée', 404),
  );

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.status === 503) c.header('Retry-After', '60');
      if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorBody(error.code, error.message, error.fields, error.extra), error.status);
    }
    const check = checkViolation(error);
    if (check) return c.json(errorBody('validation', check.message, { [check.field]: check.message }), 422);
    if (error instanceof HTTPException && error.status === 413) return payloadTooLarge(c);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('bad_request', messages.generic.invalidFields), error.status);
    }
    if (isClientAbort(error, c.req.raw)) {
      // Nobody is left to read the answer; the line says what happened, at info.
      logger.info('client aborted the request', { requestId: c.var.requestId, path: c.req.path });
      return c.json(errorBody('bad_request', messages.generic.clientAborted), 400);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn('database unavailable', { requestId: c.var.requestId, err: error });
      c.header('Retry-After', '5');
      return c.json(errorBody('unavailable', messages.generic.unavailable), 503);
    }
    logger.error('unhandled error', { requestId: c.var.requestId, path: c.req.path, err: error });
    return c.json(errorBody('internal', messages.generic.internal), 500);
  });

  return app;
}
