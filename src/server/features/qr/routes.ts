import { Hono } from 'hono';
import { qrCreateSchema, qrDownloadSchema, qrStatusSchema } from '../../../shared/api/qr.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readJson } from '../../lib/http.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { createQrCode, deleteQrCode, findScanTarget, listQrCodes, recordDownload, setQrStatus } from './service.ts';
import { qrErrorPage } from './error-page.ts';
import { parseStatsDays, scanStatsByDay } from './stats.ts';

export function qrCodeRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('*', requireUser(deps));
  app.get('/', async (c) => c.json({ qrCodes: await listQrCodes(db, c.var.org.id) }));
  app.post('/', write, async (c) =>
    c.json(await createQrCode(db, actorOf(c), deps.config.publicOrigin, await readJson(c, qrCreateSchema)), 201),
  );
  app.patch('/:id', write, async (c) =>
    c.json(await setQrStatus(db, actorOf(c), c.req.param('id'), (await readJson(c, qrStatusSchema)).status)),
  );
  app.get('/:id/stats', async (c) =>
    c.json(await scanStatsByDay(db, c.var.org.id, c.req.param('id'), parseStatsDays(c.req.query('days')))),
  );
  // Downloading a code is printing it (open to viewers): the POST only records the event.
  app.post('/:id/downloads', async (c) => {
    await recordDownload(db, actorOf(c), c.req.param('id'), (await readJson(c, qrDownloadSchema)).size);
    return c.body(null, 204);
  });
  app.delete('/:id', write, async (c) => {
    await deleteQrCode(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}

export interface QrRedirectPages {
  /**
   * The page of a code or menu switched off: the public menu's calm « pas disponible » page
   * with the menu's establishment name, handed in by app.ts, which composes the features (docs/conventions.md « Layering »).
   */
  unavailable: (restaurantName: string | null) => string;
}

/** A kept QR target is read again at the latest after this long, changes or not (a safety net). */
const TARGET_MAX_AGE_MS = 10 * 60_000;

/**
 * GET /qr/:id — what a diner's phone opens when it scans a table's code. Where an active code
 * leads is kept in memory (deps.diner.qrTargets, dropped on any change to the code or its
 * menu: docs/decisions/0022-performance-at-the-physical-limit.md); the scan is counted in batches.
 */
export function qrRedirectRoutes(deps: AppDeps, pages: QrRedirectPages): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const lookups = new SingleFlight<Awaited<ReturnType<typeof findScanTarget>>>();
  const noStore = { 'Cache-Control': 'no-store' };
  app.get('/qr', (c) => c.html(qrErrorPage('ID du code QR manquant'), 404, noStore));
  app.get('/qr/', (c) => c.html(qrErrorPage('ID du code QR manquant'), 404, noStore));
  app.get('/qr/:id', async (c) => {
    const id = c.req.param('id');
    const { qrTargets, scans } = deps.diner;
    let menuId = qrTargets.get(id)?.menuId;
    if (!menuId) {
      const generation = qrTargets.generation();
      // As a cold page (src/server/features/public-menu/routes.ts): one read for concurrent scans.
      if (!lookups.joinable(id, generation)) c.get('chargeDiner')?.();
      const { result, target } = await lookups.run(id, generation, () => findScanTarget(deps.db, id));
      // A code or menu switched off by its owner is a pause, not an error (issue 15).
      if (!result.ok && result.reason === 'unavailable')
        return c.html(pages.unavailable(result.restaurantName), 404, noStore);
      if (!result.ok) return c.html(qrErrorPage('Code QR non trouvé ou inactif'), 404, noStore);
      if (target)
        qrTargets.set(id, [`o:${target.organisationId}`, `m:${target.menuId}`], target, {
          generation,
          validUntil: Date.now() + TARGET_MAX_AGE_MS,
        });
      menuId = result.menuId;
    }
    // Counted in the next batch (src/server/features/qr/scan-buffer.ts).
    await scans.add(id);
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/menu/${menuId}`, 302);
  });
  return app;
}
