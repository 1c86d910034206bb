import type { Kysely } from 'kysely';
import type { CalendarContext } from '../../../shared/catering/calendar.ts';
import type { DB } from '../../db/schema.ts';
import { readDiets } from './diets.ts';
import { loadDishes } from './dishes.ts';
import { calendarContext, findEstablishment, type PlanEstablishment } from './establishment-context.ts';
import { readPortionGrid } from './portion-grid.ts';
import { readEntries, readSubstitutes, type EntryRow, type SubstituteRow } from './plan-rows.ts';
import type { ServingsContext } from './servings.ts';

/**
 * What `servedDishes` (src/server/features/meal-plans/servings.ts) needs of [from, to]: the
 * planned dishes and their substitutes, the establishment's calendar, grammages, covers, age mix
 * and diet counts. The production sheet, the order list and the « ma cantine » estimate read it.
 */
export async function readServedPlan(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<{
  establishment: PlanEstablishment;
  entries: EntryRow[];
  substitutes: SubstituteRow[];
  context: ServingsContext & { calendar: CalendarContext };
}> {
  const establishment = await findEstablishment(db, organisationId, establishmentId);
  const [entries, substitutes, calendar, grid, diets] = await Promise.all([
    readEntries(db, organisationId, establishmentId, from, to),
    readSubstitutes(db, organisationId, establishmentId, from, to),
    calendarContext(db, organisationId, establishment, from, to),
    readPortionGrid(db, organisationId, establishmentId),
    readDiets(db, organisationId, establishmentId),
  ]);
  const dishes = await loadDishes(db, organisationId, [
    ...entries.map((e) => e.recipe_id),
    ...substitutes.map((s) => s.recipe_id),
  ]);
  return {
    establishment,
    entries,
    substitutes,
    context: {
      dishes,
      grid,
      ageMix: establishment.profile.ageMixInUse,
      covers: establishment.covers,
      diets: diets.counts,
      calendar,
    },
  };
}
