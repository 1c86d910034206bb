import { Hono, type Context } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import type { PhotoUploadResult } from '../../../shared/api/photos.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { attachPhoto, detachPhoto, type AssertOwned, type PhotoHolder } from '../../domain/photos/attach.ts';
import { processPhoto } from '../../domain/photos/process-image.ts';
import { claimVersion, versionFromHeader } from '../../domain/versions.ts';

/** The routes' paths, for the body limit of src/server/app.ts (5 MB here, 1 MB elsewhere). */
export const PHOTO_UPLOAD_PATH = /^\/api\/(?:recipes|items)\/[^/]+\/photo$/;

export interface PhotoRouteOptions {
  holder: PhotoHolder;
  /**
   * The holder feature's own lookup of the row in the active organisation (the one its GET or
   * PUT uses), which throws its 404 for another organisation's row: ownership stays that
   * feature's rule.
   */
  findOwned: (db: Kysely<DB> | Transaction<DB>, organisationId: string, id: string) => Promise<unknown>;
}

/**
 * `PUT /:id/photo` (the image itself as the body, 5 MB at most) → 200 `{photoUrl, photo}`, and
 * `DELETE /:id/photo` → 204 (docs/product/api.md « Photos »). Mounted by src/server/app.ts under
 * /api/recipes and /api/items, with the recipes' and menus' own lookups; like their other writes, only a role with `content:write`
 * (src/shared/permissions.ts) may change a photo (403 otherwise). The organisation's ownership
 * is checked before the image is decoded (a foreign or unknown id costs no CPU), and again in
 * the transaction that stores it.
 */
export function photoUploadRoutes(deps: AppDeps, { holder, findOwned }: PhotoRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, photos } = deps;
  const write = allow('content:write');
  app.use('/:id/photo', requireUser(deps));
  // A photo changes its row: the row takes a new version, and `If-Match` may name the one the client read.
  const ownedAndClaimed =
    (c: Context<AppEnv>, id: string): AssertOwned =>
    async (trx) => {
      await findOwned(trx, c.var.org.id, id);
      await claimVersion(trx, holder, { id }, versionFromHeader(c), actorOf(c));
    };
  app.put('/:id/photo', write, async (c) => {
    const id = c.req.param('id');
    versionFromHeader(c);
    await findOwned(db, c.var.org.id, id);
    const processed = await processPhoto(new Uint8Array(await c.req.arrayBuffer()));
    const photo = await attachPhoto(db, photos.objects, holder, id, processed, ownedAndClaimed(c, id));
    photos.sweeper.request();
    return c.json({ photoUrl: photo.url, photo } satisfies PhotoUploadResult);
  });
  app.delete('/:id/photo', write, async (c) => {
    const id = c.req.param('id');
    await detachPhoto(db, holder, id, ownedAndClaimed(c, id));
    photos.sweeper.request();
    return c.body(null, 204);
  });
  return app;
}
