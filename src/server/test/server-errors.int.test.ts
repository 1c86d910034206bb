import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { takeServerErrors } from './server-errors.ts';

/**
 * The harness's own check (src/server/test/server-errors-setup.ts): an API test whose server
 * answered 5xx or logged an error fails, unless it said it meant it. Each test here takes the
 * recorded errors itself, so the check after it stays quiet.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails as a bug would; outside /api, whose unknown paths answer 404.
  t.app.get('/test-only/boom', () => {
    throw new Error('deliberate boom');
  });
});
afterAll(() => t.close());

describe('a 5xx in an API test', () => {
  it('is recorded with the request and the logged « unhandled error » and its stack', async () => {
    const res = await t.request('GET', '/test-only/boom');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal');
    const [recorded, ...more] = takeServerErrors();
    expect(more).toEqual([]);
    expect(recorded).toMatch(/^GET \/test-only\/boom → 500 \{"error"/);
    expect(recorded).toContain('"msg":"unhandled error"');
    expect(recorded).toContain('deliberate boom');
  });

  it('is not recorded when the test allows it, which then reads the logged lines', async () => {
    const res = await t.request('GET', '/test-only/boom', { allowServerError: true });
    expect(res.status).toBe(500);
    expect(takeServerErrors()).toEqual([]);
    expect(res.errorLogs.join('\n')).toContain('deliberate boom');
  });

  it('records nothing for 4xx answers', async () => {
    expect((await t.request('GET', '/api/me')).status).toBe(401);
    expect((await t.request('POST', '/api/recipes', { body: {} })).status).toBe(401);
    expect(takeServerErrors()).toEqual([]);
  });
});
