import { sql, type Kysely, type Transaction } from 'kysely';
import { mealPlanMessages, type WeekState } from '../../../shared/api/meal-plans.ts';
import { addDays, mondayOf } from '../../../shared/catering/catering.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { enqueueEvent } from '../../domain/outbox.ts';
import { actorName, conflictError } from '../../domain/versions.ts';
import { AppError } from '../../lib/errors.ts';
import { findEstablishment } from './establishment-context.ts';
import { assertPremium, planEntity, readEntries } from './plan-rows.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A week's publication (docs/product/meal-plans.md « Publishing »): a draft until published;
 * where the establishment asks for it, a dietitian validates it first. Only a published week
 * is public (/semaine, its poster's QR code). A change to a validated week voids the
 * validation; a change to a published week stays public and is dated for families.
 */
const toState = (row: {
  week: string;
  status: WeekState['status'];
  validated_by_name: string | null;
  validated_at: Date | null;
  published_at: Date | null;
  changed_at: Date | null;
  version: number;
}): WeekState => ({
  week: row.week,
  status: row.status,
  validatedBy: row.validated_by_name,
  validatedAt: row.validated_at?.toISOString() ?? null,
  publishedAt: row.published_at?.toISOString() ?? null,
  changedAt: row.changed_at?.toISOString() ?? null,
  version: row.version,
});

const DRAFT = (week: string): WeekState => ({
  week,
  status: 'draft',
  validatedBy: null,
  validatedAt: null,
  publishedAt: null,
  changedAt: null,
  version: 1,
});

function selectWeeks(db: Db, organisationId: string, establishmentId: string) {
  return db
    .selectFrom('meal_plan_weeks')
    .select([
      sql<string>`week::text`.as('week'),
      'status',
      'validated_by_name',
      'validated_at',
      'published_at',
      'changed_at',
      'version',
    ])
    .where('organisation_id', '=', organisationId)
    .where('establishment_id', '=', establishmentId);
}

/** Every week (Monday) of [from, to], drafts included. */
export async function weekStates(
  db: Db,
  organisationId: string,
  establishmentId: string,
  from: string,
  to: string,
): Promise<WeekState[]> {
  const first = mondayOf(from);
  const rows = await selectWeeks(db, organisationId, establishmentId)
    .where('week', '>=', first)
    .where('week', '<=', to)
    .execute();
  const byWeek = new Map(rows.map((r) => [r.week, toState(r)]));
  const weeks: WeekState[] = [];
  for (let week = first; week <= to; week = addDays(week, 7)) weeks.push(byWeek.get(week) ?? DRAFT(week));
  return weeks;
}

/** The week of `date` as families may see it: its state when published, else null. */
export async function publishedWeek(
  db: Db,
  organisationId: string,
  establishmentId: string,
  date: string,
): Promise<WeekState | null> {
  const row = await selectWeeks(db, organisationId, establishmentId)
    .where('week', '=', mondayOf(date))
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row ? toState(row) : null;
}

/**
 * The plan of some days changed (in the change's transaction): a published week is dated for
 * families, a validated one goes back to draft.
 */
export async function weeksChanged(
  trx: Transaction<DB>,
  actor: Actor,
  establishmentId: string,
  dates: readonly string[],
): Promise<void> {
  const weeks = [...new Set(dates.map(mondayOf))];
  if (weeks.length === 0) return;
  await trx
    .updateTable('meal_plan_weeks')
    .set({
      changed_at: sql`CASE WHEN status = 'published' THEN now() ELSE changed_at END`,
      status: sql`CASE WHEN status = 'validated' THEN 'draft' ELSE status END`,
      validated_by: sql`CASE WHEN status = 'validated' THEN NULL ELSE validated_by END`,
      validated_by_name: sql`CASE WHEN status = 'validated' THEN NULL ELSE validated_by_name END`,
      validated_at: sql`CASE WHEN status = 'validated' THEN NULL ELSE validated_at END`,
      version: sql`version + 1`,
      updated_by_name: actorName(actor),
      updated_at: new Date(),
    })
    .where('organisation_id', '=', actor.organisationId)
    .where('establishment_id', '=', establishmentId)
    .where('week', 'in', weeks)
    .where('status', 'in', ['published', 'validated'])
    .execute();
}

type WeekAction = 'publish' | 'validate' | 'unpublish';

/**
 * POST /api/meal-plans/:establishmentId/publish | validate | unpublish {week, version?}. The
 * week's row is locked (or created) first, so two actions at once end as one after the other;
 * a stale `version` is a 409 and nothing changes.
 */
export async function changeWeek(
  db: Kysely<DB>,
  actor: Actor,
  establishmentId: string,
  action: WeekAction,
  day: string,
  version?: number,
): Promise<WeekState & { dishes: number }> {
  const week = mondayOf(day);
  return db.transaction().execute(async (trx) => {
    const establishment = await findEstablishment(trx, actor.organisationId, establishmentId);
    await assertPremium(trx, actor.organisationId);
    await trx
      .insertInto('meal_plan_weeks')
      .values({ organisation_id: actor.organisationId, establishment_id: establishmentId, week, status: 'draft' })
      .onConflict((oc) => oc.columns(['establishment_id', 'week']).doNothing())
      .execute();
    const current = await selectWeeks(trx, actor.organisationId, establishmentId)
      .select(['updated_by_name', 'updated_at'])
      .where('week', '=', week)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (version !== undefined && version !== current.version) throw conflictError(current);
    const dishes = (await readEntries(trx, actor.organisationId, establishmentId, week, addDays(week, 6))).length;
    if (action !== 'unpublish' && dishes === 0)
      throw new AppError('validation', 422, mealPlanMessages.nothingToPublish, {
        week: mealPlanMessages.nothingToPublish,
      });
    if (action === 'publish' && establishment.profile.needsValidation && current.status === 'draft')
      throw new AppError('validation', 422, mealPlanMessages.validationRequired, {
        week: mealPlanMessages.validationRequired,
      });
    const now = new Date();
    const changes =
      action === 'validate'
        ? {
            status: current.status === 'published' ? ('published' as const) : ('validated' as const),
            validated_by: actor.userId,
            validated_by_name: actorName(actor),
            validated_at: now,
          }
        : action === 'publish'
          ? { status: 'published' as const, published_by: actor.userId, published_at: now, changed_at: null }
          : { status: 'draft' as const, published_by: null, published_at: null, changed_at: null };
    const row = await trx
      .updateTable('meal_plan_weeks')
      .set({ ...changes, version: sql`version + 1`, updated_by_name: actorName(actor), updated_at: now })
      .where('organisation_id', '=', actor.organisationId)
      .where('establishment_id', '=', establishmentId)
      .where('week', '=', week)
      .returning([
        sql<string>`week::text`.as('week'),
        'status',
        'validated_by_name',
        'validated_at',
        'published_at',
        'changed_at',
        'version',
      ])
      .executeTakeFirstOrThrow();
    if (action === 'publish')
      await enqueueEvent(trx, actor.userId, 'meal_plan_published', { establishment_id: establishmentId, week, dishes });
    await recordAudit(trx, actor, {
      action: 'status_changed',
      entity: planEntity(establishment),
      details: { to: action === 'publish' ? 'published' : action === 'validate' ? 'validated' : 'draft', week },
    });
    return { ...toState(row), dishes };
  });
}
