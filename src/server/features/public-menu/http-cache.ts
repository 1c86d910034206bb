import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { etagMatches } from '../../lib/etag.ts';

/** A strong validator of the exact bytes sent (before compression, which weakens it: W/"…"). */
export const strongEtag = (body: string | Uint8Array): string =>
  `"${createHash('sha1').update(body).digest('base64url')}"`;

export { etagMatches };

/**
 * A page that must never look stale after an edit: every request revalidates
 * (`no-cache`), and an unchanged body answers 304 without being sent again.
 * The body is encoded once, for the tag and for the response.
 */
export function sendRevalidated(c: Context, body: string, contentType: string): Response {
  const bytes = Buffer.from(body);
  const etag = strongEtag(bytes);
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', etag);
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', contentType);
  return c.body(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 200);
}
