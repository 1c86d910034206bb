import { sql, type Kysely, type Transaction } from 'kysely';
import { mealPlanMessages, type CalendarAnswer, type ClosedDay } from '../../../shared/api/meal-plans.ts';
import { SERVICES } from '../../../shared/catering/catering.ts';
import { closuresBetween, schoolYearsSpan, unknownSchoolYears } from '../../../shared/catering/calendar.ts';
import { parseIcs } from '../../../shared/catering/ics.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { actorName, conflictError } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { calendarContext, findEstablishment, SCHOOL_HOLIDAYS_SOURCE } from './establishment-context.ts';
import { assertPremium, planEntity } from './plan-rows.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The days an establishment closes itself (docs/product/meal-plans.md « The establishment and
 * its calendar »): typed, or read from an .ics file (its zone's school holidays for a year not
 * shipped in data/, a bridge, a local day). Editable rows carry `version`.
 */
const COLUMNS = ['id', sql<string>`date::text`.as('date'), 'label', 'source', 'version'] as const;
const toClosedDay = ({ id, date, label, source, version }: ClosedDay): ClosedDay => ({
  id,
  date,
  label,
  source,
  version,
});

function listClosedDays(db: Db, organisationId: string, establishmentId: string, from: string, to: string) {
  return db
    .selectFrom('establishment_closed_days')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

/**
 * GET /api/meal-plans/calendar: every service's closed days of the range with their reason, the
 * days typed or imported, the source of the shipped holidays, and the school years of the range
 * whose holidays are unknown (neither shipped for the zone nor imported: `unknownSchoolYears`).
 */
export async function calendarFor(
  db: Kysely<DB>,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<CalendarAnswer> {
  const establishment = await findEstablishment(db, organisationId, establishmentId);
  const span = schoolYearsSpan(from, to);
  const [calendar, closedDays, imported] = await Promise.all([
    calendarContext(db, organisationId, establishment, from, to),
    listClosedDays(db, organisationId, establishmentId, from, to),
    db
      .selectFrom('establishment_closed_days')
      .select(sql<string>`min(date)::text`.as('date'))
      .where('organisation_id', '=', organisationId)
      .where('establishment_id', '=', establishmentId)
      .where('source', '=', 'ics')
      .where('date', '>=', span.first)
      .where('date', '<=', span.last)
      .groupBy(sql`extract(year FROM date - interval '8 months')`)
      .execute(),
  ]);
  return {
    establishmentId,
    closures: SERVICES.map((service) => ({ service, days: closuresBetween(from, to, service, calendar) })),
    closedDays: closedDays.map(toClosedDay),
    schoolHolidays: SCHOOL_HOLIDAYS_SOURCE,
    unknownSchoolYears: unknownSchoolYears(
      from,
      to,
      calendar,
      imported.map((row) => row.date),
    ),
  };
}

const taken = () =>
  new AppError('validation', 422, mealPlanMessages.closedDayTaken, { date: mealPlanMessages.closedDayTaken });
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** POST /api/meal-plans/:establishmentId/closed-days {date, label}. */
export async function addClosedDay(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  body: { date: string; label: string },
): Promise<ClosedDay> {
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId);
    await assertPremium(trx, actor.organisationId);
    const row = await trx
      .insertInto('establishment_closed_days')
      .values({
        organisation_id: actor.organisationId,
        establishment_id: establishmentId,
        date: body.date,
        label: body.label,
        source: 'saisie',
        updated_by_name: actorName(actor),
        created_by: actor.userId,
      })
      .onConflict((oc) => oc.columns(['establishment_id', 'date']).doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw taken();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: { closedDay: { date: body.date, label: body.label } },
    });
    return toClosedDay(row);
  });
}

/** The closed day, if it belongs to the establishment of the organisation; 404 otherwise. */
async function lockClosedDay(trx: Transaction<DB>, actor: Actor, establishmentId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const establishment = await findEstablishment(trx, actor.organisationId, establishmentId);
  const row = await trx
    .selectFrom('establishment_closed_days')
    .select([...COLUMNS, 'updated_by_name', 'updated_at'])
    .where('id', '=', id)
    .where('organisation_id', '=', actor.organisationId)
    .where('establishment_id', '=', establishmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  await assertPremium(trx, actor.organisationId);
  return { establishment, row };
}

/** PUT /api/meal-plans/:establishmentId/closed-days/:id {date, label, version?}: a stale version is a 409. */
export async function updateClosedDay(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  id: string,
  body: { date: string; label: string; version?: number | undefined },
): Promise<ClosedDay> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { establishment, row: before } = await lockClosedDay(trx, actor, establishmentId, id);
      if (body.version !== undefined && body.version !== before.version) throw conflictError(before);
      const row = await trx
        .updateTable('establishment_closed_days')
        .set({
          date: body.date,
          label: body.label,
          source: 'saisie',
          version: sql`version + 1`,
          updated_by_name: actorName(actor),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'updated',
        entity: planEntity(establishment),
        details: { closedDay: { date: body.date, label: body.label } },
      });
      return toClosedDay(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** DELETE /api/meal-plans/:establishmentId/closed-days/:id. */
export async function deleteClosedDay(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  id: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { establishment, row } = await lockClosedDay(trx, actor, establishmentId, id);
    await trx.deleteFrom('establishment_closed_days').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: { reopened: row.date },
    });
  });
}

/**
 * POST /api/meal-plans/:establishmentId/closed-days/ics (the file as the body): each day the
 * file closes is added; a day already closed keeps its label. Nothing is written when the
 * file cannot be read.
 */
export async function importClosedDays(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  text: string,
): Promise<{ imported: number; skipped: number; alreadyClosed: number }> {
  const parsed = parseIcs(text);
  if (!parsed)
    throw new AppError('validation', 422, mealPlanMessages.icsInvalid, { file: mealPlanMessages.icsInvalid });
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId);
    await assertPremium(trx, actor.organisationId);
    const rows =
      parsed.days.length === 0
        ? []
        : await trx
            .insertInto('establishment_closed_days')
            .values(
              parsed.days.map((d) => ({
                organisation_id: actor.organisationId,
                establishment_id: establishmentId,
                date: d.date,
                label: d.label,
                source: 'ics' as const,
                created_by: actor.userId,
                updated_by_name: actorName(actor),
              })),
            )
            .onConflict((oc) => oc.columns(['establishment_id', 'date']).doNothing())
            .returning('id')
            .execute();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: planEntity(establishment),
      details: { closedDaysImported: rows.length },
    });
    return { imported: rows.length, skipped: parsed.skipped, alreadyClosed: parsed.days.length - rows.length };
  });
}
