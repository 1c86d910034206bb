import { gzip as gzipCallback, gzipSync, type ZlibOptions } from 'node:zlib';
import { promisify } from 'node:util';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const gzipAsync = promisify(gzipCallback);

/** Below this many bytes gzip saves less than its own header and the CPU it costs. */
const THRESHOLD_BYTES = 1024;
/** Up to this size the body is compressed in one synchronous call (tens of microseconds). */
const SYNC_LIMIT_BYTES = 64 * 1024;
/** Beyond this size (a file with a known length) the body is compressed as a stream. */
const BUFFER_LIMIT_BYTES = 1024 * 1024;

/**
 * zlib's state sized to the body: a window just wide enough to reach back to its first byte
 * (deflate keeps 262 bytes of lookahead), and a hash table to match. zlib's defaults
 * (windowBits 15, memLevel 8) allocate and set up about 256 kB on every call. Measured on this
 * host, 1,000 calls of a 3.2 kB answer: 64 µs and 1.4 page faults per call with the defaults
 * (460 µs and 12 faults in the first thousand), 24 µs and 0.3 faults sized, for the same bytes
 * (docs/decisions/0031). A body at least as long as the largest window gets the defaults.
 */
export function gzipOptionsFor(bytes: number): ZlibOptions {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes + 262))));
  return windowBits === 15 ? {} : { windowBits, memLevel: Math.max(1, windowBits - 7) };
}

/** Bodies written as they are produced (streamedBody): compressed as a stream, never buffered. */
const streamedBodies = new WeakSet<ReadableStream>();

/** Marks a body as produced over time (the account export): it is gzipped on the way, never read whole first. */
export function streamedBody<T extends ReadableStream>(body: T): T {
  streamedBodies.add(body);
  return body;
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** @hono/node-server's key of an answer's parts (status, body, headers), found on the first answer that has one. */
let wholeKey: symbol | undefined;

/**
 * The body of an answer written whole (`c.json`, `c.html`, `c.body` of a string or bytes),
 * read without making a stream of it. The adapter's Response keeps what it was given, with its
 * status and headers, under a private symbol, and writes it to the socket in one piece; reading
 * `body` or `arrayBuffer()` instead makes a WHATWG Response with a stream, which the adapter then
 * reads back chunk by chunk: on a small answer that cost more than gzip itself
 * (docs/decisions/0026-the-signed-in-api-at-the-physical-limit.md). Undefined
 * for any other answer (a stream, a file, or a Response of another class, as under
 * `app.request` in unit tests): the generic path below. The adapter's version is pinned in
 * package.json for that reason (as MiniSearch's is, docs/decisions/0031), and
 * compress-adapter.test.ts fails if an upgrade of the adapter changes how it keeps an answer.
 */
function wholeBody(res: Response): string | Uint8Array | undefined {
  wholeKey ??= Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache');
  const parts = wholeKey === undefined ? undefined : (res as unknown as Record<symbol, unknown>)[wholeKey];
  const body = Array.isArray(parts) ? (parts[1] as unknown) : undefined;
  return typeof body === 'string' || body instanceof Uint8Array ? body : undefined;
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * gzip for the app's answers, tuned for what it sends: small JSON and HTML written whole
 * (hono's `compress` pipes even a 2 kB answer through a CompressionStream, which costs more
 * than the bytes it saves on loopback and shows in the search's tail latency).
 *
 * - under 1 kB: sent as it is, with its length;
 * - a body written whole (no length announced, as `c.json` and `c.html` answer), or a file up
 *   to 1 MB: buffered and compressed in one call;
 * - a larger file, or a body marked by `streamedBody`: compressed as a stream, as hono does.
 * An answer already encoded, partial, marked `no-transform` or of a binary type is left alone;
 * a strong ETag becomes weak, since the bytes sent are no longer those it names.
 */
export function compressResponses(): MiddlewareHandler {
  return async function compress(c, next) {
    await next();
    const res = c.res;
    const whole = wholeBody(res);
    const type = res.headers.get('Content-Type');
    if (
      (whole === undefined && !res.body) ||
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.status === 204 ||
      res.headers.has('Content-Encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const declared = res.headers.get('Content-Length');
    const length = declared === null ? undefined : Number(declared);
    if (length !== undefined && length < THRESHOLD_BYTES) return;

    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;

    const weakTag = (tag: string | null) => (tag && !tag.startsWith('W/') ? `W/${tag}` : tag);
    /** hono's `c.res` setter copies the previous answer's headers over: fix them up after. */
    const replace = (body: BodyInit, encoded: boolean, bytes?: number) => {
      c.res = new Response(body, res);
      const headers = c.res.headers;
      if (bytes === undefined) headers.delete('Content-Length');
      else headers.set('Content-Length', String(bytes));
      if (encoded) {
        headers.set('Content-Encoding', 'gzip');
        const tag = weakTag(headers.get('ETag'));
        if (tag) headers.set('ETag', tag);
      }
    };

    if (whole !== undefined && !(length !== undefined && length > BUFFER_LIMIT_BYTES)) {
      // Under 1 kB the answer stays as it is: the adapter writes it whole, with its length.
      if ((typeof whole === 'string' ? Buffer.byteLength(whole) : whole.byteLength) < THRESHOLD_BYTES) return;
      const raw = typeof whole === 'string' ? Buffer.from(whole) : whole;
      const packed =
        raw.byteLength <= SYNC_LIMIT_BYTES ? gzipSync(raw, gzipOptionsFor(raw.byteLength)) : await gzipAsync(raw);
      const headers = res.headers;
      headers.set('Content-Encoding', 'gzip');
      headers.set('Content-Length', String(packed.byteLength));
      const tag = weakTag(headers.get('ETag'));
      if (tag) headers.set('ETag', tag);
      // Not through the setter's copy of the previous answer, which reads its body as a stream.
      const fresh = new Response(new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength), {
        status: res.status,
        headers,
      });
      c.res = undefined;
      c.res = fresh;
      return;
    }
    const body = res.body;
    if (!body) return;
    if ((length !== undefined && length > BUFFER_LIMIT_BYTES) || streamedBodies.has(body)) {
      replace(body.pipeThrough(new CompressionStream('gzip')), true);
      return;
    }
    const raw = new Uint8Array(await res.arrayBuffer());
    if (raw.byteLength < THRESHOLD_BYTES) {
      replace(raw, false, raw.byteLength);
      return;
    }
    const packed =
      raw.byteLength <= SYNC_LIMIT_BYTES ? gzipSync(raw, gzipOptionsFor(raw.byteLength)) : await gzipAsync(raw);
    replace(new Uint8Array(packed), true, packed.byteLength);
  };
}
