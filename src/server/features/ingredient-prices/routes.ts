import { Hono } from 'hono';
import { ingredientPriceInputSchema } from '../../../shared/ingredient-prices.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { readJson } from '../../lib/http.ts';
import { deleteIngredientPrice, listIngredientPrices, putIngredientPrice } from './service.ts';

/** `If-Match: "3"` → 3; absent or unreadable → null (docs/product/api.md « Versions and conflicts »). */
export function ifMatchVersion(header: string | undefined): number | null {
  const match = header ? /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header) : null;
  return match ? Number(match[1]) : null;
}

/**
 * /api/ingredient-prices (docs/product/api.md « Kitchen »): the organisation's prices of Ciqual
 * foods. Costs are the owner's figures: owners and editors read them, and write them.
 */
export function ingredientPriceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/', allow('costs:read'), async (c) => c.json(await listIngredientPrices(deps.db, c.var.org.id)));
  app.put('/:code', allow('content:write'), async (c) =>
    c.json(
      await putIngredientPrice(
        deps.db,
        actorOf(c),
        c.req.param('code'),
        await readJson(c, ingredientPriceInputSchema),
        ifMatchVersion(c.req.header('if-match')),
      ),
    ),
  );
  app.delete('/:code', allow('content:write'), async (c) => {
    await deleteIngredientPrice(deps.db, actorOf(c), c.req.param('code'));
    return c.body(null, 204);
  });
  return app;
}
