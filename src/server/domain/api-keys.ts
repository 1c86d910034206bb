import { createHash, randomBytes } from 'node:crypto';

/**
 * An organisation's API key (docs/decisions/0039-public-api-and-operations.md): `nc_live_`
 * and 32 random bytes in base64url. Only its SHA-256 is stored: the key is shown once, and a
 * stolen database holds nothing that opens the API (a fast hash is enough for 256 random bits).
 */
export const API_KEY_PREFIX = 'nc_live_';
const KEY_SHAPE = /^nc_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 4) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A string that can be a key at all: anything else is refused without a query. */
export const looksLikeApiKey = (value: string) => KEY_SHAPE.test(value);
