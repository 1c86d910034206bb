import type { Kysely } from 'kysely';
import type { PageType } from '../../../shared/page-types.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueEvent } from '../../domain/outbox.ts';

/** A signed-in owner's page view, queued in the outbox for their CRM contact (src/server/features/events/routes.ts). */
export async function recordPageView(db: Kysely<DB>, userId: string, pageType: PageType, path: string): Promise<void> {
  await db.transaction().execute((trx) => enqueueEvent(trx, userId, 'page_viewed', { page_type: pageType, path }));
}
