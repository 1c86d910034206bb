import type { Kysely } from 'kysely';
import { dishLabels } from '../../../shared/catering/dish-labels.ts';
import { variantLabel } from '../../../shared/catering/diets.ts';
import { inSeason } from '../../../shared/catering/season.ts';
import type { DB } from '../../db/schema.ts';
import { loadDishes } from './dishes.ts';
import { readEntries, readSubstitutes } from './plan-rows.ts';
import { buildDays } from './service.ts';
import type { WeekDay } from './week-render.ts';

/** What the families' week page (src/server/features/meal-plans/week-page.ts) shows of an establishment. */
export interface WeekPageEstablishment {
  id: string;
  name: string;
  organisation_id: string;
  accessibility_contact: string | null;
}

/** The establishment of a public week page, or undefined when there is none with this id. */
export async function findWeekPageEstablishment(
  db: Kysely<DB>,
  id: string,
): Promise<WeekPageEstablishment | undefined> {
  return db
    .selectFrom('establishments')
    .select(['id', 'name', 'organisation_id', 'accessibility_contact'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The days of the week [monday, sunday] as the families' page shows them: each service's dishes and their substitutes. */
export async function readWeekPageDays(
  db: Kysely<DB>,
  establishment: WeekPageEstablishment,
  monday: string,
  sunday: string,
): Promise<WeekDay[]> {
  const { id, organisation_id: organisationId } = establishment;
  const [entries, substitutes] = await Promise.all([
    readEntries(db, organisationId, id, monday, sunday),
    readSubstitutes(db, organisationId, id, monday, sunday),
  ]);
  const dishes = await loadDishes(db, organisationId, [
    ...entries.map((e) => e.recipe_id),
    ...substitutes.map((e) => e.recipe_id),
  ]);
  return buildDays(monday, sunday, entries, dishes, undefined, { substitutes }).map((d) => ({
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
}
