import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { PAGE_VIEW_RULE } from './routes.ts';

/** Each page view is an outbox row, so they are rate limited per owner. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const view = (user: SignedUpUser | null, path = '/recipes') =>
  t.request('POST', '/api/tracking/page-views', { cookie: user?.cookie, body: { path } });
const viewRows = async (user: SignedUpUser) =>
  (
    await t.db
      .selectFrom('event_outbox')
      .select('id')
      .where('user_id', '=', user.user.id)
      .where('name', '=', 'page_viewed')
      .execute()
  ).length;

describe('POST /api/tracking/page-views', () => {
  it(`records ${PAGE_VIEW_RULE.max} views per ${PAGE_VIEW_RULE.windowSeconds} s per owner, then answers 429 with Retry-After and stores nothing`, async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    for (let i = 0; i < PAGE_VIEW_RULE.max; i++) expect((await view(owner, `/recipes?page=${i}`)).status).toBe(204);
    expect(await viewRows(owner)).toBe(PAGE_VIEW_RULE.max);

    const refused = await view(owner);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: messages.generic.rateLimited } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PAGE_VIEW_RULE.windowSeconds);
    expect(await viewRows(owner)).toBe(PAGE_VIEW_RULE.max);

    // Another owner is not affected; the next window records again.
    expect((await view(other)).status).toBe(204);
    expect(await viewRows(other)).toBe(1);
    await sql`UPDATE rate_limits SET last_request = last_request - ${PAGE_VIEW_RULE.windowSeconds * 1000} WHERE key = ${`page-views:${owner.user.id}`}`.execute(
      t.db,
    );
    expect((await view(owner)).status).toBe(204);
    expect(await viewRows(owner)).toBe(PAGE_VIEW_RULE.max + 1);
  });

  it('a steady pace under the limit is never refused (fixed windows: a sliding one would never end)', async () => {
    const owner = await t.signUp();
    // One view every 3/4 of a window, more views in all than one window allows.
    const views = PAGE_VIEW_RULE.max + 10;
    for (let i = 0; i < views; i++) {
      expect((await view(owner)).status, `view ${i + 1}`).toBe(204);
      await sql`UPDATE rate_limits SET last_request = last_request - ${PAGE_VIEW_RULE.windowSeconds * 750} WHERE key = ${`page-views:${owner.user.id}`}`.execute(
        t.db,
      );
    }
    expect(await viewRows(owner)).toBe(views);
  });

  it('without a session: 204 and nothing stored, nothing counted', async () => {
    const before = Number(
      (
        await t.db
          .selectFrom('event_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let i = 0; i < 3; i++) expect((await view(null)).status).toBe(204);
    const after = Number(
      (
        await t.db
          .selectFrom('event_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });
});
