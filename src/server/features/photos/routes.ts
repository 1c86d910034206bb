import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { etagMatches } from '../../lib/etag.ts';
import { readPhotoFile } from './service.ts';

/** A copy's bytes never change under its name (docs/decisions/0017-photos.md): browsers keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /photos/:name: the WebP copies of recipe and item photos, public like the menus that
 * show them (a diner's phone has no session). 404 for a name that is not stored.
 */
export function photoFileRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/photos/:name', async (c) => {
    const name = c.req.param('name');
    const bytes = await readPhotoFile(deps.db, deps.photos.objects, name);
    if (!bytes) {
      c.header('Cache-Control', 'no-cache');
      return c.text('Photo introuvable', 404);
    }
    const etag = `"${name.replace(/\.webp$/, '')}"`;
    c.header('Cache-Control', IMMUTABLE);
    c.header('ETag', etag);
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', 'image/webp');
    c.header('Content-Length', String(bytes.byteLength));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });
  return app;
}
