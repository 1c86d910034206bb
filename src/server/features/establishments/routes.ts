import { Hono } from 'hono';
import { establishmentInputSchema, type EstablishmentList } from '../../../shared/api/organisations.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readJson } from '../../lib/http.ts';
import { readVersioned } from '../../domain/versions.ts';
import { createEstablishment, deleteEstablishment, listEstablishments, updateEstablishment } from './service.ts';

/** /api/establishments (docs/product/organisations.md « Establishments »): members read, owners write. */
export function establishmentRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('establishments:write');
  app.use('*', requireUser(deps));
  app.get('/', async (c) => {
    const body: EstablishmentList = { establishments: await listEstablishments(deps.db, c.var.org.id) };
    return c.json(body);
  });
  app.post('/', write, async (c) =>
    c.json(await createEstablishment(deps.db, actorOf(c), await readJson(c, establishmentInputSchema)), 201),
  );
  app.put('/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, establishmentInputSchema);
    return c.json(await updateEstablishment(deps.db, actorOf(c), c.req.param('id'), input, version));
  });
  app.delete('/:id', write, async (c) => {
    await deleteEstablishment(deps.db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}
