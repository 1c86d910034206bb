import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The product events of docs/product/spec.md section 7, with their properties. */
export interface ProductEvents {
  checkout_started: { tier: string; billing_type: string };
  recipe_created: RecipeEventData;
  recipe_updated: RecipeEventData;
  recipe_deleted: { recipe_id: string };
  menu_created: MenuEventData;
  menu_updated: MenuEventData;
  menu_deleted: { menu_id: string };
  menu_status_changed: { menu_name: string; new_status: boolean; old_status: boolean };
  qr_code_created: { timestamp: string; qr_code_id: string; qr_code_name: string };
  qr_code_status_changed: { qr_code_id: string; new_status: string; old_status: string };
  qr_code_deleted: { qr_code_id: string };
  qr_code_downloaded: { qr_code_name: string; download_size: number };
  page_viewed: { page_type: string; path: string };
  qr_code_scanned: {
    qr_code_id: string;
    qr_code_name: string;
    menu_id: string;
    menu_name: string;
    owner_user_id: string;
    scanned_at: string;
  };
  /** docs/product/organisations.md « Events »: to the acting owner's contact; never the invitee's address. */
  member_invited: { organisation_id: string; role: string };
  /** To the contact of the account that joined. */
  member_joined: { organisation_id: string; role: string };
  /** To the contact of the owner who removed, or of the member who left (`reason: 'left'`). */
  member_removed: { organisation_id: string; role: string; reason: 'removed' | 'left' };
  /** docs/product/meal-plans.md: a kitchen published a week of meals to families. */
  meal_plan_published: { establishment_id: string; week: string; dishes: number };
}

export interface RecipeEventData {
  recipe_name: string;
  servings: number;
  ingredients_count: number;
  allergens_count: number;
  calories_per_serving: number | null;
}

export interface MenuEventData {
  menu_name: string;
  menu_description: string;
  is_active: boolean;
}

export type EventName = keyof ProductEvents;

/**
 * Writes an event in the caller's transaction: it exists if and only if the change it
 * describes was committed. The owner's e-mail is captured now, so the event reaches their
 * CRM contact even if the account changes later.
 */
export async function enqueueEvent<N extends EventName>(
  trx: Transaction<DB>,
  userId: string,
  name: N,
  data: ProductEvents[N],
): Promise<void> {
  await sql`
    INSERT INTO event_outbox (user_id, kind, name, payload)
    SELECT id, 'event', ${name}, jsonb_build_object('contactEmail', email, 'eventName', ${name}::text, 'eventData', ${JSON.stringify(data)}::jsonb)
    FROM users WHERE id = ${userId}`.execute(trx);
}

/**
 * sync_contact of one account: its address, its active organisation's name and plan, built by
 * the database function `enqueue_contact_sync` (migration 0009), which the sign-up and
 * e-mail change triggers use too.
 */
export async function enqueueContactSync(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<void> {
  await sql`SELECT enqueue_contact_sync(${userId})`.execute(db);
}

/** sync_contact of every account working in this organisation now (after a change of its plan or name). */
export async function enqueueOrganisationContactSync(
  db: Kysely<DB> | Transaction<DB>,
  organisationId: string,
): Promise<void> {
  await sql`SELECT enqueue_contact_sync(id) FROM users WHERE active_organisation_id = ${organisationId}`.execute(db);
}

/** The CRM contact of a deleted account (or of an address given up) is erased. */
export const DELETE_CONTACT = 'delete_contact';

/**
 * Queues the erasure of a CRM contact. The row names no user (the account may be gone by
 * then), and the worker deletes it once delivered: the address does not outlive its erasure.
 */
export async function enqueueContactDeletion(db: Kysely<DB> | Transaction<DB>, email: string): Promise<void> {
  await db
    .insertInto('event_outbox')
    .values({ user_id: null, kind: 'contact', name: DELETE_CONTACT, payload: JSON.stringify({ email }) })
    .execute();
}
