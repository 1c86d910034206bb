import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './lib/logger.ts';
import { createApp } from './app.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/harness.ts';

/**
 * A client that hangs up in the middle of its body (the outside attack saw it logged as
 * « database unavailable » with a 503): Node's request stream fails with « aborted »
 * (ECONNRESET). It is logged at info, and never answered as an outage.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a client that hangs up mid-body', () => {
  it('is logged at info as a client abort, not as « database unavailable » with a 503', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    const app = createApp({ ...t.deps, logger });
    const owner = await t.signUp();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name": "Quiche lorr'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const res = await app.request('/api/recipes', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).not.toBe(503);
    expect(res.status).toBe(400);
    expect(lines.join('\n')).not.toMatch(/database unavailable/);
    expect(lines.some((line) => /client aborted the request/.test(line) && /"level":"info"|info/.test(line))).toBe(
      true,
    );
  });
});
