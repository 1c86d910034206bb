import { Hono } from 'hono';
import { addDays, isIsoDate, mondayOf } from '../../../shared/catering/catering.ts';
import { dishLabels } from '../../../shared/catering/dish-labels.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/ids.ts';
import { loadDishes } from './dishes.ts';
import { buildDays, readEntries } from './service.ts';
import { renderWeekNotFound, renderWeekPage, type WeekDay } from './week-render.ts';

/**
 * The week's menu for families (docs/product/api.md « Collective catering »): public,
 * server-rendered, no JavaScript; `?date=` picks the week (default: this week).
 */
export function weekPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/semaine/:establishmentId', async (c) => {
    const id = c.req.param('establishmentId');
    const asked = c.req.query('date');
    const establishment = isUuid(id)
      ? await deps.db
          .selectFrom('establishments')
          .select(['id', 'name', 'organisation_id', 'accessibility_contact'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    c.header('Cache-Control', 'no-cache');
    if (!establishment) return c.html(renderWeekNotFound(), 404);
    const monday = mondayOf(asked && isIsoDate(asked) ? asked : new Date().toISOString().slice(0, 10));
    const sunday = addDays(monday, 6);
    const entries = await readEntries(deps.db, establishment.organisation_id, id, monday, sunday);
    const dishes = await loadDishes(
      deps.db,
      establishment.organisation_id,
      entries.map((e) => e.recipe_id),
    );
    const days: WeekDay[] = buildDays(monday, sunday, entries, dishes).map((d) => ({
      date: d.date,
      vegetarianLunch: d.vegetarianLunch,
      services: d.services.map((s) => ({
        service: s.service,
        dishes: s.components.map((comp) => {
          const dish = dishes.get(comp.recipeId)!;
          return {
            slot: comp.slot,
            name: dish.name,
            allergens: dish.allergens,
            allergensDeclared: dish.allergensDeclared,
            labels: dishLabels(dish.labelledIngredients),
          };
        }),
      })),
    }));
    return c.html(
      renderWeekPage({
        establishmentId: id,
        establishmentName: establishment.name,
        accessibilityContact: establishment.accessibility_contact,
        monday,
        previous: addDays(monday, -7),
        next: addDays(monday, 7),
        days,
      }),
    );
  });
  return app;
}
