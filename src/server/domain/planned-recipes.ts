import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface PlannedDay {
  date: string;
  establishment: string;
  published: boolean;
}

/**
 * The days a recipe is planned on, as a dish or a substitute, in any establishment of the
 * organisation, and whether that week is published (docs/product/meal-plans.md « Publishing »):
 * deleting the recipe names them and asks, and is refused while a published week serves it.
 */
export async function plannedDaysOf(
  trx: Transaction<DB>,
  organisationId: string,
  recipeId: string,
): Promise<PlannedDay[]> {
  const { rows } = await sql<PlannedDay>`
    SELECT DISTINCT p.date::text AS date, e.name AS establishment, (w.status = 'published') IS TRUE AS published
      FROM (SELECT establishment_id, date FROM meal_plan_entries WHERE organisation_id = ${organisationId} AND recipe_id = ${recipeId}
            UNION
            SELECT establishment_id, date FROM meal_plan_substitutes WHERE organisation_id = ${organisationId} AND recipe_id = ${recipeId}) p
      JOIN establishments e ON e.id = p.establishment_id
      LEFT JOIN meal_plan_weeks w ON w.establishment_id = p.establishment_id AND w.week = date_trunc('week', p.date)::date
     ORDER BY 1, 2`.execute(trx);
  return rows;
}

const DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** « lundi 7 septembre 2026 (Cantine Jules Ferry), mardi 8 septembre 2026 (…) et 3 autres jours ». */
export function plannedDaysText(days: readonly PlannedDay[]): string {
  const shown = days.slice(0, 5).map((d) => `${DAY.format(new Date(`${d.date}T00:00:00Z`))} (${d.establishment})`);
  const more = days.length - shown.length;
  if (more > 0) return `${shown.join(', ')} et ${more} autre${more > 1 ? 's' : ''} jour${more > 1 ? 's' : ''}`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} et ${shown.at(-1)}` : (shown[0] ?? '');
}
