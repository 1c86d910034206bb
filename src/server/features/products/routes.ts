import { Hono } from 'hono';
import { productInputSchema } from '../../../shared/api/products.ts';
import { z } from '../../../shared/zod-fr.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput, readJson } from '../../lib/http.ts';
import { seesCosts, withoutPrice } from '../../auth/cost-visibility.ts';
import { readVersioned } from '../../domain/versions.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './service.ts';

const listQuery = z.object({ q: z.string().max(100, 'La recherche ne peut pas dépasser 100 caractères').default('') });

/**
 * /api/products (« Mes produits »): every member reads the organisation's products (their prices
 * only with `costs:read`); owners and editors write them.
 */
export function productRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('*', requireUser(deps));
  app.get('/', async (c) => {
    const { q } = parseInput(listQuery, { q: c.req.query('q') });
    const products = await listProducts(deps.db, c.var.org.id, q);
    return c.json({ products: seesCosts(c) ? products : products.map(withoutPrice) });
  });
  app.post('/', write, async (c) => {
    const input = await readJson(c, productInputSchema);
    return c.json(await createProduct(deps.db, actorOf(c), input), 201);
  });
  app.get('/:id', async (c) => {
    const product = await getProduct(deps.db, c.var.org.id, c.req.param('id'));
    return c.json(seesCosts(c) ? product : withoutPrice(product));
  });
  app.put('/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, productInputSchema);
    return c.json(await updateProduct(deps.db, actorOf(c), c.req.param('id'), input, version));
  });
  app.delete('/:id', write, async (c) => {
    await deleteProduct(deps.db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}
