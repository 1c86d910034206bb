import { Hono } from 'hono';
import { recipeInputSchema } from '../../../shared/api/recipes.ts';
import { requireUser } from '../../auth/require-user.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { readJson } from '../../lib/http.ts';
import { photoRoutes } from '../../domain/photos/photo-routes.ts';
import { createRecipe, deleteRecipe, getRecipe, listRecipes, updateRecipe } from './service.ts';

export function recipeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/', async (c) => c.json({ recipes: await listRecipes(deps.db, c.var.user.id) }));
  app.post('/', async (c) => {
    const input = await readJson(c, recipeInputSchema);
    return c.json(await createRecipe(deps.db, c.var.user.id, input), 201);
  });
  app.get('/:id', async (c) => c.json(await getRecipe(deps.db, c.var.user.id, c.req.param('id'))));
  app.put('/:id', async (c) => {
    const input = await readJson(c, recipeInputSchema);
    return c.json(await updateRecipe(deps.db, c.var.user.id, c.req.param('id'), input));
  });
  app.delete('/:id', async (c) => {
    await deleteRecipe(deps.db, c.var.user.id, c.req.param('id'));
    return c.body(null, 204);
  });
  // PUT and DELETE /:id/photo; the owner is the one GET /:id answers to.
  app.route('/', photoRoutes(deps, { holder: 'recipes', findOwned: getRecipe }));
  return app;
}
