import { Hono, type Context } from 'hono';
import { permissionMessages } from '../../../shared/permissions.ts';
import { seesCosts, withoutCosts } from '../../auth/cost-visibility.ts';
import { AppError } from '../../lib/errors.ts';
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
  // A role without `costs:read` gets every recipe with its costs blanked (src/server/auth/cost-visibility.ts).
  const shown = <T extends Parameters<typeof withoutCosts>[0]>(c: Context<AppEnv>, recipes: T[]) =>
    seesCosts(c) ? recipes : recipes.map(withoutCosts);
  app.get('/', async (c) => {
    if (c.req.query('view') !== undefined) {
      const { view } = parseInput(recipeViewQuerySchema, { view: c.req.query('view') });
      if (view === 'summary') return c.json({ recipes: await listRecipeSummaries(deps.db, c.var.org.id) });
      if (!seesCosts(c)) throw new AppError('forbidden', 403, permissionMessages.forbidden);
      return c.json({ recipes: await listRecipeCosts(deps.db, c.var.org.id) });
    }
    if (c.req.query('limit') === undefined)
      return c.json({ recipes: shown(c, await listRecipes(deps.db, c.var.org.id)) });
    const page = parseInput(recipePageQuerySchema, {
      limit: c.req.query('limit'),
      after: c.req.query('after'),
      allergenStatus: c.req.query('allergenStatus'),
    });
    const found = await listRecipePage(deps.db, c.var.org.id, page);
    return c.json({ ...found, recipes: shown(c, found.recipes) });
  });
  app.post('/', write, async (c) => {
    const input = await readJson(c, recipeInputSchema);
    return c.json(await createRecipe(deps.db, actorOf(c), input), 201);
  });
  app.get('/:id', async (c) => c.json(shown(c, [await getRecipe(deps.db, c.var.org.id, c.req.param('id'))])[0]));
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
