import type { Kysely } from 'kysely';
import { organisationMessages, type OrganisationHistory } from '../../../shared/api/organisations.ts';
import type { DB } from '../../db/schema.ts';
import { listAuditEvents } from '../../domain/audit.ts';
import { AppError } from '../../lib/errors.ts';

/** Events per page of the organisation's « Historique ». */
export const HISTORY_PAGE_SIZE = 50;

/** `?before=`: absent for the first page, else the `nextBefore` of the previous one (a positive integer). */
export function parseHistoryCursor(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(raw)) {
    throw new AppError('validation', 422, organisationMessages.historyCursorInvalid, {
      before: organisationMessages.historyCursorInvalid,
    });
  }
  return Number(raw);
}

/** GET /api/organisation/history (owners): newest first, page by page. */
export async function organisationHistory(
  db: Kysely<DB>,
  organisationId: string,
  before: number | undefined,
): Promise<OrganisationHistory> {
  const events = await listAuditEvents(db, {
    organisationId,
    limit: HISTORY_PAGE_SIZE,
    ...(before !== undefined ? { before } : {}),
  });
  return { events, nextBefore: events.length === HISTORY_PAGE_SIZE ? events.at(-1)!.id : null };
}
