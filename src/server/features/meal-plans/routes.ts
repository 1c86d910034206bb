import { Hono } from 'hono';
import { z } from '../../../shared/zod-fr.ts';
import {
  cateringTagsSchema,
  closedDayBodySchema,
  copySchema,
  dietsBodySchema,
  gemrcnQuerySchema,
  isoDateSchema,
  maCantineQuerySchema,
  ordersQuerySchema,
  portionsBodySchema,
  portionsQuerySchema,
  productionQuerySchema,
  publishSchema,
  rangeQuerySchema,
  rangeWithPopulationQuerySchema,
  serviceComponentsSchema,
  serviceSchema,
} from '../../../shared/api/meal-plans.ts';
import { can, type MemberRole } from '../../../shared/permissions.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput, readJson } from '../../lib/http.ts';
import { readVersioned } from '../../domain/versions.ts';
import { sendTable } from '../../lib/table-files.ts';
import { egalimFor, gemrcnFor } from './analysis.ts';
import { getCateringTags, putCateringTags } from './catering-tags.ts';
import { addClosedDay, calendarFor, deleteClosedDay, importClosedDays, updateClosedDay } from './closed-days.ts';
import { getDiets, putDiets } from './diets.ts';
import { maCantineFile, maCantineFor } from './ma-cantine.ts';
import { ORDER_HEADERS, orderRows, ordersFor } from './orders.ts';
import { getPortions, putPortions } from './portions.ts';
import { productionFor } from './production.ts';
import { copyPlan, putService, readRange } from './service.ts';
import { changeWeek } from './weeks.ts';

const csvAttachment = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
});

/**
 * /api/meal-plans (docs/product/api.md « Collective catering », docs/product/meal-plans.md):
 * members read; owners, editors and dietitians plan; dietitians validate a week.
 */
export function mealPlanRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('meal_plans:write');
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
  app.get('/calendar', async (c) => {
    const q = parseInput(rangeQuerySchema, c.req.query());
    return c.json(await calendarFor(deps.db, c.var.org.id, q.establishmentId, q.from, q.to));
  });
  app.get('/diets', async (c) =>
    c.json(await getDiets(deps.db, c.var.org.id, parseInput(portionsQuerySchema, c.req.query()).establishmentId)),
  );
  // « ma cantine »: the figures (from the confirmed invoices, else estimated), and the import file, simple or detailed.
  const purchasesRight = (c: { var: { org: { role: MemberRole } } }) => ({
    canReadPurchases: can(c.var.org.role, 'purchases:read'),
  });
  app.get('/ma-cantine', async (c) => {
    const q = parseInput(maCantineQuerySchema, c.req.query());
    return c.json(await maCantineFor(deps.db, c.var.org.id, q.establishmentId, q.year, purchasesRight(c)));
  });
  for (const path of ['/ma-cantine.csv', '/egalim.csv'])
    app.get(path, async (c) => {
      const q = parseInput(maCantineQuerySchema, c.req.query());
      const file = await maCantineFile(deps.db, c.var.org.id, q.establishmentId, q.year, q.form, purchasesRight(c));
      const source = file.source === 'purchases' ? 'achats' : 'estimation';
      return c.body(file.text, 200, csvAttachment(`ma-cantine-bilan-${q.form}-${q.year}-${source}.csv`));
    });
  app.get('/production', async (c) => {
    const { establishmentId, date, ...covers } = parseInput(productionQuerySchema, c.req.query());
    return c.json(await productionFor(deps.db, c.var.org.id, establishmentId, date, covers));
  });
  app.get('/orders', async (c) => {
    const q = parseInput(ordersQuerySchema, c.req.query());
    const answer = await ordersFor(deps.db, c.var.org.id, q.establishmentId, q.from, q.to);
    if (q.format === 'json') return c.json(answer);
    return sendTable(c, q.format, `commandes-${q.from}-${q.to}`, orderRows(answer), ORDER_HEADERS);
  });
  app.get('/portions', async (c) =>
    c.json(await getPortions(deps.db, c.var.org.id, parseInput(portionsQuerySchema, c.req.query()).establishmentId)),
  );
  app.put('/:establishmentId/portions', write, async (c) =>
    c.json(
      await putPortions(deps.db, actorOf(c), c.req.param('establishmentId'), await readJson(c, portionsBodySchema)),
    ),
  );
  app.put('/:establishmentId/diets', write, async (c) =>
    c.json(await putDiets(deps.db, actorOf(c), c.req.param('establishmentId'), await readJson(c, dietsBodySchema))),
  );
  app.post('/:establishmentId/closed-days', write, async (c) =>
    c.json(
      await addClosedDay(deps.db, actorOf(c), c.req.param('establishmentId'), await readJson(c, closedDayBodySchema)),
      201,
    ),
  );
  app.post('/:establishmentId/closed-days/ics', write, async (c) =>
    c.json(await importClosedDays(deps.db, actorOf(c), c.req.param('establishmentId'), await c.req.text())),
  );
  app.put('/:establishmentId/closed-days/:id', write, async (c) =>
    c.json(
      await updateClosedDay(
        deps.db,
        actorOf(c),
        c.req.param('establishmentId'),
        c.req.param('id'),
        await readJson(c, closedDayBodySchema),
      ),
    ),
  );
  app.delete('/:establishmentId/closed-days/:id', write, async (c) => {
    await deleteClosedDay(deps.db, actorOf(c), c.req.param('establishmentId'), c.req.param('id'));
    return c.body(null, 204);
  });
  app.put('/:establishmentId/:date/:service', write, async (c) => {
    // Path parameters are checked like body fields: a bad one is named next to its field.
    const { date, service } = parseInput(z.object({ date: isoDateSchema, service: serviceSchema }), {
      date: c.req.param('date'),
      service: c.req.param('service'),
    });
    const { input, version } = await readVersioned(c, serviceComponentsSchema);
    return c.json(
      await putService(deps.db, actorOf(c), c.req.param('establishmentId'), date, service, input.components, version),
    );
  });
  app.post('/:establishmentId/publish', write, async (c) => {
    const body = await readJson(c, publishSchema);
    return c.json(
      await changeWeek(deps.db, actorOf(c), c.req.param('establishmentId'), 'publish', body.week, body.version),
    );
  });
  app.post('/:establishmentId/unpublish', write, async (c) => {
    const body = await readJson(c, publishSchema);
    return c.json(
      await changeWeek(deps.db, actorOf(c), c.req.param('establishmentId'), 'unpublish', body.week, body.version),
    );
  });
  app.post('/:establishmentId/validate', allow('meal_plans:validate'), async (c) => {
    const body = await readJson(c, publishSchema);
    return c.json(
      await changeWeek(deps.db, actorOf(c), c.req.param('establishmentId'), 'validate', body.week, body.version),
    );
  });
  app.post('/:establishmentId/copy', write, async (c) =>
    c.json(await copyPlan(deps.db, actorOf(c), c.req.param('establishmentId'), await readJson(c, copySchema))),
  );
  return app;
}

/** /api/recipes/:id/catering: the owner's classifications for the GEMRCN grid, and the data's, with reasons. */
export function cateringTagRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/:id/catering', async (c) => c.json(await getCateringTags(deps.db, c.var.org.id, c.req.param('id'))));
  app.put('/:id/catering', allow('meal_plans:write'), async (c) => {
    const { input, version } = await readVersioned(c, cateringTagsSchema);
    return c.json(await putCateringTags(deps.db, actorOf(c), c.req.param('id'), input, version));
  });
  return app;
}
