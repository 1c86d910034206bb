import { Hono } from 'hono';
import { addDays, isPlanDate, mondayOf } from '../../../shared/catering/catering.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/ids.ts';
import { findWeekPageEstablishment, readWeekPageDays } from './week-page-data.ts';
import { publishedWeek } from './weeks.ts';
import { renderWeekNotFound, renderWeekPage, renderWeekUnavailable } from './week-render.ts';

/**
 * The week's menu for families (docs/product/api.md « Collective catering »): public,
 * server-rendered, no JavaScript; `?date=` picks the week (default: this week). Only a
 * published week is shown; any other answers the calm « pas disponible » page with 404.
 */
export function weekPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/semaine/:establishmentId', async (c) => {
    const id = c.req.param('establishmentId');
    const asked = c.req.query('date');
    const establishment = isUuid(id) ? await findWeekPageEstablishment(deps.db, id) : undefined;
    c.header('Cache-Control', 'no-cache');
    if (!establishment) return c.html(renderWeekNotFound(), 404);
    const monday = mondayOf(asked && isPlanDate(asked) ? asked : new Date().toISOString().slice(0, 10));
    const sunday = addDays(monday, 6);
    const nav = {
      establishmentId: id,
      establishmentName: establishment.name,
      accessibilityContact: establishment.accessibility_contact,
      monday,
      previous: addDays(monday, -7),
      next: addDays(monday, 7),
    };
    const week = await publishedWeek(deps.db, establishment.organisation_id, id, monday);
    if (!week) return c.html(renderWeekUnavailable(nav), 404);
    const days = await readWeekPageDays(deps.db, establishment, monday, sunday);
    return c.html(renderWeekPage({ ...nav, days, changedAt: week.changedAt }));
  });
  return app;
}
