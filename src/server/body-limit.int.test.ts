import { serve, type ServerType } from '@hono/node-server';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoMessages } from '../shared/api/photos.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/harness.ts';

/**
 * A body over the limit on a real socket (docs/decisions/0011-account-throttle-and-413.md):
 * the 413 says `Connection: close` and the server then closes the connection, so a keep-alive
 * client never sends its next request on a connection that will not answer it.
 */
let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  // The process's Request and Response stay as they are: the files after this one share the
  // worker (docs/decisions/0029-tests-share-a-worker.md).
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await t?.close();
});

interface Exchange {
  head: string;
  body: string;
  /** The server ended the connection (FIN or reset) after its answer. */
  closedByServer: boolean;
}

/** Writes `request` on a new connection and reads until the server closes it (or 10 s pass). */
function exchange(request: Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => finish(false), 10_000);
    function finish(closedByServer: boolean) {
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0)
        return reject(new Error(`no answer (closed by server: ${closedByServer}): ${JSON.stringify(text)}`));
      resolve({ head: text.slice(0, split), body: text.slice(split + 4), closedByServer });
    }
    socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
    socket.on('end', () => finish(true));
    // The server may stop reading the upload once it has answered: a reset after the answer.
    socket.on('error', () => finish(true));
    socket.on('connect', () => socket.write(request));
  });
}

const header = (head: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim();
const BIG = Buffer.from(JSON.stringify({ path: `/${'x'.repeat(2 * 1024 * 1024)}` }));

describe('a 2 MB body on a keep-alive connection', () => {
  it.each([
    ['with Content-Length', `Content-Length: ${BIG.length}`, BIG],
    [
      'chunked',
      'Transfer-Encoding: chunked',
      Buffer.concat([Buffer.from(`${BIG.length.toString(16)}\r\n`), BIG, Buffer.from('\r\n0\r\n\r\n')]),
    ],
  ])(
    '%s: 413 payload_too_large, Connection: close, and the connection is closed; a new one is served',
    async (_label, framing, body) => {
      const head = `POST /api/tracking/page-views HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\n${framing}\r\nConnection: keep-alive\r\n\r\n`;
      const answer = await exchange(Buffer.concat([Buffer.from(head), body]));
      expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
      expect(header(answer.head, 'connection')?.toLowerCase()).toBe('close');
      expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
      expect(answer.closedByServer).toBe(true);

      const next = await exchange(
        Buffer.from(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
      );
      expect(next.head).toMatch(/^HTTP\/1\.1 200 /);
      expect(JSON.parse(next.body)).toEqual({ status: 'ok' });
    },
  );

  it('a body under the limit keeps the connection open for the next request', async () => {
    const small = JSON.stringify({ path: '/recipes' });
    const first = `POST /api/tracking/page-views HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(small)}\r\n\r\n${small}`;
    const second = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
    const answer = await exchange(Buffer.from(first + second));
    expect(answer.head).toMatch(/^HTTP\/1\.1 204 /);
    expect(header(answer.head, 'connection')?.toLowerCase()).not.toBe('close');
    // Both answers came on the one connection: the second follows the first's empty body.
    expect(answer.body).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('a photo over 5 MB (PUT /api/recipes/:id/photo)', () => {
  const path = '/api/recipes/6f1c2f0e-8b7a-4c1e-9d2a-3b4c5d6e7f80/photo';
  const head = (framing: string) =>
    `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: image/jpeg\r\n${framing}\r\nConnection: keep-alive\r\n\r\n`;
  const expectCutOff = (answer: Exchange) => {
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(header(answer.head, 'connection')?.toLowerCase()).toBe('close');
    expect(JSON.parse(answer.body).error).toEqual({
      code: 'payload_too_large',
      message: photoMessages.tooLarge,
      fields: { photo: photoMessages.tooLarge },
    });
    expect(answer.closedByServer).toBe(true);
  };

  it('announcing 6 MB: refused before a byte of the body is sent', async () => {
    expectCutOff(await exchange(Buffer.from(head(`Content-Length: ${6 * 1024 * 1024}`))));
  });

  it('chunked: refused once the chunks pass 5 MB, without waiting for the rest of the 6 MB', async () => {
    const chunk = Buffer.alloc(PHOTO_MAX_BYTES + 64 * 1024, 1);
    // The last chunk (and the terminating 0-chunk) is never sent: the answer must not need it.
    expectCutOff(
      await exchange(
        Buffer.concat([
          Buffer.from(head('Transfer-Encoding: chunked')),
          Buffer.from(`${chunk.length.toString(16)}\r\n`),
          chunk,
          Buffer.from('\r\n'),
        ]),
      ),
    );
  });
});
