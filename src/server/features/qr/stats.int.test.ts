import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: SignedUpUser;
let intruder: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  intruder = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

const post = (user: SignedUpUser, path: string, body: unknown) =>
  t.request('POST', path, { cookie: user.cookie, body });

async function newCode(name: string): Promise<string> {
  const menu = (await post(owner, '/api/menus', { name })).body;
  const code = await post(owner, '/api/qr-codes', { name: `QR - ${name}`, menuId: menu.id });
  expect(code.status).toBe(201);
  return code.body.id;
}

/** Today's date in Paris, as the restaurant's calendar reads it. */
const parisToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The Paris date `offset` days before today (calendar arithmetic, free of DST). */
function parisDay(offset: number): string {
  const [y, m, d] = parisToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - offset)).toISOString().slice(0, 10);
}

/** 10:00 UTC is 11:00 or 12:00 in Paris: safely inside the Paris day `date`. */
const middayOf = (date: string) => new Date(`${date}T10:00:00Z`);

async function insertScans(codeId: string, times: Date[]) {
  await t.db
    .insertInto('qr_scans')
    .values(times.map((scanned_at) => ({ qr_code_id: codeId, scanned_at })))
    .execute();
}

const stats = (user: SignedUpUser, id: string, query = '') =>
  t.request('GET', `/api/qr-codes/${id}/stats${query}`, { cookie: user.cookie });

describe('GET /api/qr-codes/:id/stats', () => {
  it('counts scans per Paris day over the last 30 days, zero days included', async () => {
    const codeId = await newCode('Carte du midi');
    const other = await newCode('Carte du soir');
    await insertScans(codeId, [
      middayOf(parisDay(0)),
      middayOf(parisDay(0)),
      middayOf(parisDay(0)),
      middayOf(parisDay(1)),
      // 23:30 UTC is already the next day in Paris (00:30 in winter, 01:30 in summer).
      new Date(`${parisDay(3)}T23:30:00Z`),
      // The first day of the window counts; the day before it does not.
      middayOf(parisDay(29)),
      middayOf(parisDay(30)),
      middayOf(parisDay(45)),
    ]);
    // Another code's scans stay with that code.
    await insertScans(other, [middayOf(parisDay(0)), middayOf(parisDay(2))]);

    const res = await stats(owner, codeId, '?days=30');
    expect(res.status).toBe(200);
    const days: { date: string; scans: number }[] = res.body.days;
    expect(days).toHaveLength(30);
    // Oldest first, one entry per consecutive day, ending today.
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => parisDay(29 - i)));
    const byDate = new Map(days.map((d) => [d.date, d.scans]));
    expect(byDate.get(parisDay(0))).toBe(3);
    expect(byDate.get(parisDay(1))).toBe(1);
    expect(byDate.get(parisDay(2))).toBe(1);
    expect(byDate.get(parisDay(3))).toBe(0);
    expect(byDate.get(parisDay(29))).toBe(1);
    expect(days.filter((d) => d.scans === 0)).toHaveLength(26);
    expect(res.body.total).toBe(6);

    // Without ?days the window is 30 days too; a shorter one cuts the older scans.
    expect((await stats(owner, codeId)).body).toEqual(res.body);
    const week = await stats(owner, codeId, '?days=7');
    expect(week.body.days).toHaveLength(7);
    expect(week.body.days[6]).toEqual({ date: parisDay(0), scans: 3 });
    expect(week.body.total).toBe(5);
  });

  it('counts the real scans of /qr/:id', async () => {
    const codeId = await newCode('Terrasse');
    expect((await stats(owner, codeId)).body.total).toBe(0);
    await t.request('GET', `/qr/${codeId}`);
    await t.request('GET', `/qr/${codeId}`);
    const res = await stats(owner, codeId);
    expect(res.body.total).toBe(2);
    expect(res.body.days.at(-1)).toEqual({ date: parisDay(0), scans: 2 });
    expect(res.body.days.every((d: { scans: number }) => Number.isInteger(d.scans))).toBe(true);
  });

  it("answers 404 for another owner's code, a missing one and a malformed id", async () => {
    const codeId = await newCode('Privée');
    await insertScans(codeId, [middayOf(parisDay(0))]);
    for (const [user, id] of [
      [intruder, codeId],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'pas-un-uuid'],
    ] as const) {
      const res = await stats(user, id);
      expect(res.status, `${id}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await t.request('GET', `/api/qr-codes/${codeId}/stats`)).status).toBe(401);
  });

  it('refuses a window that is not a whole number of days between 1 and 366', async () => {
    const codeId = await newCode('Salle');
    for (const days of ['0', '-3', '2.5', 'trente', '367']) {
      const res = await stats(owner, codeId, `?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(res.body.error.code).toBe('validation');
    }
    expect((await stats(owner, codeId, '?days=366')).body.days).toHaveLength(366);
  });
});
