import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { EstablishmentProfile } from '../../../shared/api/establishment-profile.ts';
import type { CalendarContext, HolidayPeriod } from '../../../shared/catering/calendar.ts';
import type { CoversByService } from '../../../shared/catering/establishment.ts';
import type { DB } from '../../db/schema.ts';
import { PROFILE_COLUMNS, toProfile } from '../../domain/establishment-profile.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { projectRoot } from '../../lib/paths.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The school holidays shipped in data/school-holidays/france.json (their source and date are
 * in its README), read once when the server starts.
 */
const schoolHolidaysFile = path.join(projectRoot, 'data', 'school-holidays', 'france.json');
const shipped = JSON.parse(readFileSync(schoolHolidaysFile, 'utf8')) as {
  source: string;
  retrieved: string;
  schoolYears: string[];
  periods: HolidayPeriod[];
};
const SCHOOL_HOLIDAYS: readonly HolidayPeriod[] = shipped.periods;
export const SCHOOL_HOLIDAYS_SOURCE = {
  source: shipped.source,
  retrieved: shipped.retrieved,
  schoolYears: shipped.schoolYears,
};

export interface PlanEstablishment {
  id: string;
  name: string;
  profile: EstablishmentProfile;
  covers: CoversByService;
}

/**
 * The establishment with its canteen profile, if it belongs to the organisation; another
 * organisation's id → 404. With `lock`, its row is held until commit: the writes of one
 * establishment's plan (a service saved, a copy) are serialized, so their entries and service
 * versions are taken in one order.
 */
export async function findEstablishment(
  db: Db,
  organisationId: string,
  id: string,
  lock = false,
): Promise<PlanEstablishment> {
  if (!isUuid(id)) throw notFound();
  let query = db
    .selectFrom('establishments')
    .select(['id', 'name', ...PROFILE_COLUMNS])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId);
  if (lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return { id: row.id, name: row.name, profile: toProfile(row), covers: row.covers ?? {} };
}

/** The calendar of [from, to]: the profile, the days the establishment closed, the shipped holidays. */
export async function calendarContext(
  db: Db,
  organisationId: string,
  establishment: PlanEstablishment,
  from: string,
  to: string,
): Promise<CalendarContext> {
  const closed = await db
    .selectFrom('establishment_closed_days')
    .select([sql<string>`date::text`.as('date'), 'label'])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishment.id)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return {
    kind: establishment.profile.kind,
    schoolZone: establishment.profile.schoolZone,
    wednesdaysClosed: establishment.profile.wednesdaysClosed,
    covers: establishment.covers,
    closedDays: new Map(closed.map((c) => [c.date, c.label])),
    schoolHolidays: SCHOOL_HOLIDAYS,
  };
}
