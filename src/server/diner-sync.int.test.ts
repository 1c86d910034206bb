import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListenHandlers } from './db/notifications.ts';
import { startDiner, type Diner } from './diner.ts';
import { createLogger } from './lib/logger.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * A write never waits on the notification channel (src/server/diner.ts `sync()`): the attack saw
 * every write wait 1 s while the LISTEN connection was down. Here the channel is a hand-held one:
 * the test says when the connection drops, and whether messages come back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function dinerWithHandChannel(): Promise<{ diner: Diner; channel: ListenHandlers; logs: string[] }> {
  let channel: ListenHandlers | undefined;
  const logs: string[] = [];
  const diner = await startDiner(
    {
      ...t.database,
      listen: async (_name, handlers) => {
        channel = handlers;
        return { close: async () => {} };
      },
    },
    createLogger('info', (line) => logs.push(line)),
  );
  return { diner, channel: channel!, logs };
}

const timed = async (work: () => Promise<void>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

const keep = (diner: Diner) =>
  diner.accounts.set('u1', ['u:1'], {} as never, {
    generation: diner.accounts.generation(),
    validUntil: Date.now() + 60_000,
  });

describe('a write and the notification channel', () => {
  it('while the listening connection is down, a write answers at once and the caches read the database', async () => {
    const { diner, channel } = await dinerWithHandChannel();
    channel.reset(false);
    const waited = await timed(() => diner.sync());
    expect(waited).toBeLessThan(200); // was 1,000 ms: a marker nobody hears
    keep(diner);
    expect(diner.accounts.get('u1')).toBeUndefined();
    channel.reset(true);
    keep(diner);
    expect(diner.accounts.get('u1')).toEqual({});
    await diner.close();
  });

  it('a connection lost without a word: one write waits for its marker, the next ones do not, until a message comes', async () => {
    const { diner, channel, logs } = await dinerWithHandChannel();
    keep(diner);
    expect(diner.accounts.get('u1')).toEqual({});
    // Nothing comes back: the first write learns it by waiting the limit…
    const first = await timed(() => diner.sync());
    expect(first).toBeGreaterThanOrEqual(900);
    // …and what was kept is dropped, nothing is kept, later writes do not wait.
    expect(diner.accounts.get('u1')).toBeUndefined();
    keep(diner);
    expect(diner.accounts.get('u1')).toBeUndefined();
    const waits = [];
    for (let i = 0; i < 5; i += 1) waits.push(await timed(() => diner.sync()));
    expect(Math.max(...waits)).toBeLessThan(200);
    expect(logs.join('\n')).toContain('public cache off');
    // A message proves the channel delivers again: the caches keep again, writes wait for markers.
    channel.message('o:00000000-0000-0000-0000-000000000000');
    keep(diner);
    expect(diner.accounts.get('u1')).toEqual({});
    await diner.close();
  });
});
