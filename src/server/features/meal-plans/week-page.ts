import { Hono } from 'hono';
import { addDays, isPlanDate, mondayOf } from '../../../shared/catering/catering.ts';
import { dishLabels } from '../../../shared/catering/dish-labels.ts';
import { inSeason } from '../../../shared/catering/season.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/ids.ts';
import { loadDishes } from './dishes.ts';
import { readEntries, readSubstitutes } from './plan-rows.ts';
import { variantLabel } from '../../../shared/catering/diets.ts';
import { buildDays } from './service.ts';
import { publishedWeek } from './weeks.ts';
import { renderWeekNotFound, renderWeekPage, renderWeekUnavailable, type WeekDay } from './week-render.ts';

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
    const establishment = isUuid(id)
      ? await deps.db
          .selectFrom('establishments')
          .select(['id', 'name', 'organisation_id', 'accessibility_contact'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
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
    const [entries, substitutes] = await Promise.all([
      readEntries(deps.db, establishment.organisation_id, id, monday, sunday),
      readSubstitutes(deps.db, establishment.organisation_id, id, monday, sunday),
    ]);
    const dishes = await loadDishes(deps.db, establishment.organisation_id, [
      ...entries.map((e) => e.recipe_id),
      ...substitutes.map((e) => e.recipe_id),
    ]);
    const days: WeekDay[] = buildDays(monday, sunday, entries, dishes, undefined, { substitutes }).map((d) => ({
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
            traces: dish.traces,
            allergensDeclared: dish.allergensDeclared,
            labels: dishLabels(dish.labelledIngredients),
            seasonal: inSeason(dish.seasonal, dish.produceMonths, Number(d.date.slice(5, 7))),
            homemade: dish.homemade,
            meatOrigins: dish.meatOrigins,
            // A substitute is a dish served too: its allergens are said like every dish's.
            substitutes: (comp.substitutes ?? []).map((sub) => {
              const served = dishes.get(sub.recipeId);
              return {
                label: variantLabel(sub.variant),
                name: sub.recipeName,
                allergens: served?.allergens ?? [],
                traces: served?.traces ?? [],
                allergensDeclared: served?.allergensDeclared ?? false,
              };
            }),
          };
        }),
      })),
    }));
    return c.html(renderWeekPage({ ...nav, days, changedAt: week.changedAt }));
  });
  return app;
}
