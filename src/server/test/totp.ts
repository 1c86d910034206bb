import { createHmac } from 'node:crypto';

/** What an authenticator app computes, for the tests of two-factor sign-in (API and e2e). */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (as in otpauth URIs: upper case, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP with HMAC-SHA1; `stepOffset` asks for the code of a neighbouring 30-second step. */
export function totp(key: Buffer, { time = Date.now(), step = 30, digits = 6, stepOffset = 0 } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / step) + stepOffset));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return code.toString().padStart(digits, '0');
}

/** The code an app shows now for a base32 secret (the one printed under the QR code). */
export const totpFromSecret = (secret: string, time = Date.now()) => totp(base32Decode(secret), { time });

/** The key behind an `otpauth://totp/…?secret=BASE32` URI. */
export function totpKey(totpURI: string): Buffer {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return base32Decode(secret);
}

/**
 * The codes the server may accept for a request sent now: the previous, current and next steps,
 * and the one after, should a 30-second step end before the request arrives.
 */
const acceptedSoon = (key: Buffer) => new Set([-1, 0, 1, 2].map((stepOffset) => totp(key, { stepOffset })));

/** A 6-digit code refused now: none of the steps the server accepts. */
export function wrongTotp(key: Buffer): string {
  const accepted = acceptedSoon(key);
  let code = Number(totp(key));
  do code = (code + 1) % 1_000_000;
  while (accepted.has(String(code).padStart(6, '0')));
  return String(code).padStart(6, '0');
}

/**
 * The code an authenticator showed about `minutes` minutes ago, which the server refuses: an
 * older step's when that one happens to equal a code accepted now (one chance in 250,000).
 */
export function staleTotp(key: Buffer, minutes = 10): string {
  const accepted = acceptedSoon(key);
  for (let stepOffset = -2 * minutes; ; stepOffset--) {
    const code = totp(key, { stepOffset });
    if (!accepted.has(code)) return code;
  }
}
