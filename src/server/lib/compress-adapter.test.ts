import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from './compress.ts';

/**
 * compressResponses with @hono/node-server's Response, as in the server (src/server/main.ts):
 * an answer written whole must stay whole, so that the adapter writes it to the socket in one
 * piece instead of reading a stream of it back (docs/decisions/0022-performance-at-the-physical-limit.md
 * « The signed-in API »). Fails if an upgrade of the adapter changes how it keeps such an answer.
 */
beforeAll(() => {
  // The adapter puts its Request and Response in place of the global ones when it is first used.
  getRequestListener(() => new Response(null));
});

const big = { items: Array.from({ length: 200 }, (_, i) => ({ code: i, name: `Tomate ronde, crue n° ${i}` })) };
const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };
/** Whether the adapter still holds the answer's parts (status, body, headers), to write it in one piece. */
const keptWhole = (res: Response) => Object.getOwnPropertySymbols(res).some((key) => key.description === 'cache');

function app() {
  const a = new Hono();
  a.use('*', async (c, next) => {
    c.header('X-Request-Id', 'r-1');
    await next();
  });
  a.use('*', compressResponses());
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/big', (c) => {
    c.header('ETag', '"abc"');
    c.header('Cache-Control', 'private, no-cache');
    setCookie(c, 'a', '1');
    setCookie(c, 'b', '2');
    return c.json(big);
  });
  return a;
}

describe('compressResponses with the node adapter', () => {
  it('leaves a small answer whole, for the adapter to write with its length', async () => {
    const res = await app().request('/small', { headers: gzip });
    expect(res.constructor.name).not.toBe('Response');
    expect(keptWhole(res)).toBe(true);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('X-Request-Id')).toBe('r-1');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('gzips a larger answer into another whole answer, with its headers, length and a weak ETag', async () => {
    const res = await app().request('/big', { headers: gzip });
    expect(keptWhole(res)).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('ETag')).toBe('W/"abc"');
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(res.headers.get('X-Request-Id')).toBe('r-1');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(big);
  });

  it('leaves the answer whole and as it is for a client without gzip', async () => {
    const res = await app().request('/big');
    expect(keptWhole(res)).toBe(true);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('ETag')).toBe('"abc"');
    expect(await res.json()).toEqual(big);
  });
});
