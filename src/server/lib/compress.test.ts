import { gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressResponses, gzipOptionsFor } from './compress.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ code: i, name: `Tomate ronde, crue n° ${i}` })) };

function app() {
  const a = new Hono();
  a.use('*', compressResponses());
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/big', (c) => {
    c.header('ETag', '"abc"');
    return c.json(big);
  });
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  });
  a.get('/huge', (c) => c.text('x'.repeat(2 * 1024 * 1024), 200, { 'Content-Length': String(2 * 1024 * 1024) }));
  return a;
}

const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('compressResponses', () => {
  it('sends a small answer as it is, with its length', async () => {
    const res = await app().request('/small', { headers: gzip });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Length')).toBe('11');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('gzips a larger JSON answer in one piece, with its length and a weak ETag', async () => {
    const res = await app().request('/big', { headers: gzip });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('ETag')).toBe('W/"abc"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(big);
  });

  it('leaves the answer alone for a client without gzip, or refusing it', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0']) {
      const res = await app().request('/big', { headers: accept ? { 'Accept-Encoding': accept } : {} });
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('ETag')).toBe('"abc"');
      expect(await res.json()).toEqual(big);
    }
  });

  it('does not touch binary types, no-transform answers or HEAD requests', async () => {
    for (const [path, method] of [
      ['/png', 'GET'],
      ['/no-transform', 'GET'],
      ['/big', 'HEAD'],
    ] as const) {
      const res = await app().request(path, { method, headers: gzip });
      expect(res.headers.get('Content-Encoding'), path).toBeNull();
    }
  });

  it('streams a very large body through gzip', async () => {
    const res = await app().request('/huge', { headers: gzip });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).byteLength).toBe(2 * 1024 * 1024);
  });
});

describe('gzipOptionsFor: zlib sized to the body', () => {
  // Answers shaped like the API's: a search's hits, a recipe list, from 1 kB to 64 kB.
  const answer = (count: number) =>
    Buffer.from(
      JSON.stringify({
        hits: Array.from({ length: count }, (_, i) => ({
          id: `${20000 + i * 7}`,
          name: `${['Pomme de terre', 'Carotte', 'Poulet', 'Farine de blé'][i % 4]}, ${['crue', 'cuite à l’eau', 'rôtie', 'T55'][(i * 3) % 4]} n° ${i}`,
          per100g: {
            energyKcal: (i * 37) % 900,
            protein: ((i * 13) % 250) / 10,
            fat: ((i * 29) % 1000) / 10,
            salt: ((i * 7) % 300) / 100,
          },
        })),
      }),
    );

  it('keeps a window reaching back to the body’s first byte, and the defaults from 32 kB', () => {
    for (const bytes of [1024, 3_740, 4_000, 16_000, 32_000, 32_506, 32_507, 65_536]) {
      const { windowBits = 15 } = gzipOptionsFor(bytes);
      expect(2 ** windowBits - 262, String(bytes)).toBeGreaterThanOrEqual(Math.min(bytes, 2 ** 15 - 262));
    }
    expect(gzipOptionsFor(40_000)).toEqual({});
  });

  it('gives the same body back, no more than 1 % longer than zlib’s defaults, from 1 kB to 64 kB', () => {
    for (let count = 8; count <= 600; count = Math.ceil(count * 1.4)) {
      const body = answer(count);
      if (body.byteLength > 64 * 1024) break;
      const sized = gzipSync(body, gzipOptionsFor(body.byteLength));
      expect(gunzipSync(sized).equals(body)).toBe(true);
      expect(sized.byteLength, `${body.byteLength} B`).toBeLessThanOrEqual(Math.ceil(gzipSync(body).byteLength * 1.01));
    }
  });
});
