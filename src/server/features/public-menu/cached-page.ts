import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { strongEtag } from './http-cache.ts';

const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

/** A page's bytes differ by encoding, and by language when the URL names none (docs/product/diner-languages.md). */
export const PAGE_VARY = 'Accept-Encoding, Accept-Language';

/** One representation of a page: its body and every header of a 200, computed once. */
export interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
}

/**
 * A rendered public page in the encodings it is sent in (docs/decisions/0022-performance-at-the-physical-limit.md):
 * gzip at once (level 9: made once per menu version), brotli when ready (compressed in the
 * thread pool, sent from then on to the clients that take it).
 */
export interface CachedPage {
  identity: Representation;
  gzip: Representation;
  br?: Representation;
  /** Raw + gzip + brotli bytes, for the cache's bound. */
  weight: number;
}

const view = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

function representation(body: Uint8Array<ArrayBuffer>, etag: string, encoding: Encoding): Representation {
  return {
    body,
    etag,
    headers: {
      'Cache-Control': 'no-cache',
      Vary: PAGE_VARY,
      ETag: etag,
      'Content-Type': 'text/html; charset=UTF-8',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      'Content-Length': String(body.byteLength),
    },
  };
}

export function cachePage(html: string): CachedPage {
  const raw = view(Buffer.from(html));
  const tag = strongEtag(raw);
  const gzipped = view(gzipSync(raw, { level: 9 }));
  const page: CachedPage = {
    identity: representation(raw, tag, 'identity'),
    // Compression weakens the tag (the bytes sent are not those it names), as src/server/lib/compress.ts does.
    gzip: representation(gzipped, `W/${tag}`, 'gzip'),
    weight: raw.byteLength + gzipped.byteLength * 2,
  };
  brotliAsync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
  }).then(
    (packed) => (page.br = representation(view(packed), `W/${tag}`, 'br')),
    () => {
      // gzip stays: brotli only saves bytes.
    },
  );
  return page;
}

const encodings = new Map<string, { br: boolean; gzip: boolean }>();

/** What an Accept-Encoding takes (RFC 9110 12.5.3: a name or `*` with a q-value above 0); memoized per header value. */
function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  if (!header) return { br: false, gzip: false };
  let known = encodings.get(header);
  if (known) return known;
  const q: Record<string, boolean> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name === 'x-gzip' ? 'gzip' : name] = Number.isFinite(value) && value > 0;
  }
  known = { br: q.br ?? q['*'] ?? false, gzip: q.gzip ?? q['*'] ?? false };
  // Header values repeat (a browser sends the same one each time); a hostile variety stays bounded.
  if (encodings.size < 256) encodings.set(header, known);
  return known;
}

/** The representation for a client: brotli, then gzip, then the raw bytes. */
export function pickRepresentation(page: CachedPage, acceptEncoding: string | undefined): Representation {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.br && page.br) return page.br;
  return accepted.gzip ? page.gzip : page.identity;
}
