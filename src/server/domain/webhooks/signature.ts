import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, as Stripe signs its own (docs/product/integrations.md « Vérifier la
 * signature »): `NutriCarte-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the endpoint's secret. The timestamp is signed with the body, so a receiver that refuses
 * old timestamps (5 minutes) and event ids it has already seen is safe from replays.
 */
export const SIGNATURE_HEADER = 'NutriCarte-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export const generateWebhookSecret = () => 'whsec_' + randomBytes(24).toString('base64url');

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'malformed' | 'mismatch' | 'too_old' };

/** What a receiver does (and what the tests' receivers do): any `v1` may match; the timestamp must be recent. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  options: { toleranceSeconds?: number; now?: number } = {},
): SignatureCheck {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))
    return { ok: false, reason: 'too_old' };
  return { ok: true };
}
