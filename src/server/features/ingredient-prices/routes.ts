import { Hono } from 'hono';
import { ingredientPriceInputSchema } from '../../../shared/ingredient-prices.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readVersioned } from '../../domain/versions.ts';
import { deleteIngredientPrice, listIngredientPrices, putIngredientPrice } from './service.ts';

/**
 * /api/ingredient-prices (docs/product/api.md « Kitchen »): the organisation's prices of Ciqual
 * foods. Costs are the owner's figures: owners and editors read them, and write them. A PUT
 * names the version it read in its body or `If-Match` (src/server/domain/versions.ts).
 */
export function ingredientPriceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/', allow('costs:read'), async (c) => c.json(await listIngredientPrices(deps.db, c.var.org.id)));
  app.put('/:code', allow('content:write'), async (c) => {
    const { input, version } = await readVersioned(c, ingredientPriceInputSchema);
    return c.json(await putIngredientPrice(deps.db, actorOf(c), c.req.param('code'), input, version));
  });
  app.delete('/:code', allow('content:write'), async (c) => {
    await deleteIngredientPrice(deps.db, actorOf(c), c.req.param('code'));
    return c.body(null, 204);
  });
  return app;
}
