import { Hono } from 'hono';
import { recipeInputSchema, recipePageQuerySchema, recipeViewQuerySchema } from '../../../shared/api/recipes.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput, readJson } from '../../lib/http.ts';
import { listRecipeCosts, listRecipePage, listRecipeSummaries } from './list-page.ts';
import { readVersioned } from '../../domain/versions.ts';
import { recipeHistory } from './history.ts';
import { createRecipe, deleteRecipe, getRecipe, listRecipes, updateRecipe } from './service.ts';

/** /api/recipes: every member reads the organisation's recipes; owners and editors write them. */
export function recipeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('*', requireUser(deps));
  // Without `limit`, every recipe (the fixed contract); with it, one page; with `view=summary` or
  // `view=costs`, every recipe in short (docs/product/api.md).
  app.get('/', async (c) => {
    if (c.req.query('view') !== undefined) {
      const { view } = parseInput(recipeViewQuerySchema, { view: c.req.query('view') });
      return c.json({
        recipes: await (view === 'costs' ? listRecipeCosts : listRecipeSummaries)(deps.db, c.var.org.id),
      });
    }
    if (c.req.query('limit') === undefined) return c.json({ recipes: await listRecipes(deps.db, c.var.org.id) });
    const page = parseInput(recipePageQuerySchema, {
      limit: c.req.query('limit'),
      after: c.req.query('after'),
      allergenStatus: c.req.query('allergenStatus'),
    });
    return c.json(await listRecipePage(deps.db, c.var.org.id, page));
  });
  app.post('/', write, async (c) => {
    const input = await readJson(c, recipeInputSchema);
    return c.json(await createRecipe(deps.db, actorOf(c), input), 201);
  });
  app.get('/:id', async (c) => c.json(await getRecipe(deps.db, c.var.org.id, c.req.param('id'))));
  app.get('/:id/history', async (c) => c.json(await recipeHistory(deps.db, c.var.org.id, c.req.param('id'))));
  app.put('/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, recipeInputSchema);
    return c.json(await updateRecipe(deps.db, actorOf(c), c.req.param('id'), input, version));
  });
  app.delete('/:id', write, async (c) => {
    await deleteRecipe(deps.db, actorOf(c), c.req.param('id'), c.req.query('plannedDays') === 'remove');
    return c.body(null, 204);
  });
  return app;
}
