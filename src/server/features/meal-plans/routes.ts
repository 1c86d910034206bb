import { Hono } from 'hono';
import {
  mealPlanMessages,
  publishSchema,
  cateringTagsSchema,
  copySchema,
  gemrcnQuerySchema,
  portionsBodySchema,
  portionsQuerySchema,
  productionQuerySchema,
  rangeQuerySchema,
  rangeWithPopulationQuerySchema,
  serviceComponentsSchema,
  serviceSchema,
  isoDateSchema,
} from '../../../shared/api/meal-plans.ts';
import { z } from '../../../shared/zod-fr.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput, readJson } from '../../lib/http.ts';
import { readVersioned } from '../../domain/versions.ts';
import { egalimFor, gemrcnFor, productionFor } from './analysis.ts';
import { getCateringTags, putCateringTags } from './catering-tags.ts';
import { maCantineCsv } from './ma-cantine-csv.ts';
import { getPortions, putPortions } from './portions.ts';
import { copyPlan, publishWeek, putService, readRange } from './service.ts';

const yearQuerySchema = z.object({
  establishmentId: z
    .string({ error: mealPlanMessages.establishmentRequired })
    .uuid(mealPlanMessages.establishmentRequired),
  year: z.coerce
    .number({ error: mealPlanMessages.yearInvalid })
    .int(mealPlanMessages.yearInvalid)
    .min(2000, mealPlanMessages.yearInvalid)
    .max(2100, mealPlanMessages.yearInvalid),
});

/** /api/meal-plans (docs/product/api.md « Collective catering »): members read, owners and editors plan. */
export function mealPlanRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('*', requireUser(deps));
  app.get('/', async (c) => {
    const q = parseInput(rangeWithPopulationQuerySchema, c.req.query());
    return c.json(await readRange(deps.db, c.var.org.id, q.establishmentId, q.from, q.to, q.population));
  });
  app.get('/gemrcn', async (c) => {
    const q = parseInput(gemrcnQuerySchema, c.req.query());
    return c.json(await gemrcnFor(deps.db, c.var.org.id, q.establishmentId, q.from, q.population));
  });
  app.get('/egalim', async (c) => {
    const q = parseInput(rangeQuerySchema, c.req.query());
    return c.json((await egalimFor(deps.db, c.var.org.id, q.establishmentId, q.from, q.to)).answer);
  });
  app.get('/egalim.csv', async (c) => {
    const q = parseInput(yearQuerySchema, c.req.query());
    const { totals } = await egalimFor(deps.db, c.var.org.id, q.establishmentId, `${q.year}-01-01`, `${q.year}-12-31`);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="ma-cantine-bilan-${q.year}.csv"`);
    return c.body(maCantineCsv(q.year, totals));
  });
  app.get('/production', async (c) => {
    const { establishmentId, date, ...covers } = parseInput(productionQuerySchema, c.req.query());
    return c.json(await productionFor(deps.db, c.var.org.id, establishmentId, date, covers));
  });
  app.get('/portions', async (c) =>
    c.json(await getPortions(deps.db, c.var.org.id, parseInput(portionsQuerySchema, c.req.query()).establishmentId)),
  );
  app.put('/:establishmentId/portions', write, async (c) =>
    c.json(
      await putPortions(deps.db, actorOf(c), c.req.param('establishmentId'), await readJson(c, portionsBodySchema)),
    ),
  );
  app.put('/:establishmentId/:date/:service', write, async (c) => {
    const date = parseInput(isoDateSchema, c.req.param('date'));
    const service = parseInput(serviceSchema, c.req.param('service'));
    const { input, version } = await readVersioned(c, serviceComponentsSchema);
    return c.json(
      await putService(deps.db, actorOf(c), c.req.param('establishmentId'), date, service, input.components, version),
    );
  });
  app.post('/:establishmentId/publish', write, async (c) =>
    c.json(
      await publishWeek(deps.db, actorOf(c), c.req.param('establishmentId'), (await readJson(c, publishSchema)).week),
    ),
  );
  app.post('/:establishmentId/copy', write, async (c) =>
    c.json(await copyPlan(deps.db, actorOf(c), c.req.param('establishmentId'), await readJson(c, copySchema))),
  );
  return app;
}

/** /api/recipes/:id/catering: the owner's classifications for the GEMRCN grid. */
export function cateringTagRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/:id/catering', async (c) => c.json(await getCateringTags(deps.db, c.var.org.id, c.req.param('id'))));
  app.put('/:id/catering', allow('content:write'), async (c) => {
    const { input, version } = await readVersioned(c, cateringTagsSchema);
    return c.json(await putCateringTags(deps.db, actorOf(c), c.req.param('id'), input.tags, version));
  });
  return app;
}
