import { Hono } from 'hono';
import { establishmentProfileSchema } from '../../../shared/api/account.ts';
import { requireUser } from '../../auth/require-user.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { readJson } from '../../lib/http.ts';
import { getEstablishmentProfile, updateEstablishmentProfile } from './service.ts';

/** GET and PUT /api/account/profile: the signed-in owner's establishment (name, address, phone). */
export function establishmentProfileRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/account/profile', requireUser(deps));

  app.get('/account/profile', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getEstablishmentProfile(deps.db, c.var.user.id));
  });

  app.put('/account/profile', async (c) => {
    const input = await readJson(c, establishmentProfileSchema);
    return c.json(await updateEstablishmentProfile(deps.db, c.var.user.id, input));
  });

  return app;
}
