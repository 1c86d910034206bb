import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { strongEtag } from './http-cache.ts';

const gzipAsync = promisify(gzip);

/** A rendered page, in the two encodings it is sent in. */
export interface RenderedPage {
  fingerprint: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** Strong tag of `bytes`; the gzip representation is tagged W/ + the same (as hono's compress does). */
  etag: string;
  /** Compressed on first demand, then kept. */
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * Pages rendered from the values just fetched, kept while those values stay the same.
 * The database is read on every request, and a page is reused only when everything it shows
 * (its source's fingerprint) is identical: an edit can never be hidden, in this process or
 * another one. What it saves is the work between the query and the socket (rendering,
 * hashing, compression), which a menu read by a whole dining room repeats for nothing.
 * Bounded by total bytes; the least recently used pages go first.
 */
export class PageMemo {
  readonly #pages = new Map<string, RenderedPage>();
  #bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  get size(): number {
    return this.#pages.size;
  }

  page(key: string, fingerprint: string, render: () => string): RenderedPage {
    const kept = this.#pages.get(key);
    if (kept) {
      this.#forget(key, kept);
      if (kept.fingerprint === fingerprint) {
        this.#keep(key, kept);
        return kept;
      }
    }
    const bytes = view(Buffer.from(render()));
    let compressed: Promise<Uint8Array<ArrayBuffer>> | undefined;
    const page: RenderedPage = {
      fingerprint,
      bytes,
      etag: strongEtag(bytes),
      gzipped: () => (compressed ??= gzipAsync(bytes).then(view)),
    };
    this.#keep(key, page);
    return page;
  }

  #keep(key: string, page: RenderedPage) {
    if (weight(page) > this.maxBytes) return;
    this.#pages.set(key, page);
    this.#bytes += weight(page);
    for (const [oldKey, old] of this.#pages) {
      if (this.#bytes <= this.maxBytes || oldKey === key) break;
      this.#forget(oldKey, old);
    }
  }

  #forget(key: string, page: RenderedPage) {
    this.#pages.delete(key);
    this.#bytes -= weight(page);
  }
}

/** A Buffer as the plain Uint8Array a Response body takes. */
const view = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

/** Raw bytes plus the fingerprint, and room for the compressed copy (about a sixth). */
const weight = (page: RenderedPage) => page.bytes.byteLength * 1.2 + page.fingerprint.length * 2;

/** Whether the client takes gzip (RFC 9110 12.5.3: `gzip` or `*` with a q-value above 0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let wildcard: boolean | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const accepted = Number.isFinite(q) && q > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard ?? false;
}
