import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, verifyWebhookSignature } from './signature.ts';

/**
 * The scheme of Stripe's webhook signatures (« Verify the events that Stripe sends »): a
 * `t=` timestamp and a `v1=` HMAC-SHA256 of `"<t>.<body>"`; several `v1` may be given (during a
 * secret's rotation) and one matching is enough; a timestamp outside the tolerance is refused.
 */
const secret = 'whsec_test_secret';
const body = JSON.stringify({ id: 'evt_1', type: 'item.availability_changed', data: { available: false } });

describe('webhook signatures', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 in hex, as the header says', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies a fresh signature, also among several v1 values', () => {
    const now = 1_700_000_100;
    const header = signWebhook(secret, body, now - 10);
    expect(verifyWebhookSignature(secret, body, header, { now })).toEqual({ ok: true });
    expect(verifyWebhookSignature(secret, body, `${header},v1=${'0'.repeat(64)}`, { now })).toEqual({ ok: true });
  });

  it('refuses a changed body, another secret, an old timestamp and a malformed header', () => {
    const now = 1_700_000_000;
    const header = signWebhook(secret, body, now);
    expect(verifyWebhookSignature(secret, body + ' ', header, { now }).ok).toBe(false);
    expect(verifyWebhookSignature('whsec_other', body, header, { now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(secret, body, header, { now: now + 301 })).toEqual({ ok: false, reason: 'too_old' });
    // The timestamp is signed: moving it forward breaks the signature (a replay cannot be refreshed).
    const replayed = header.replace(`t=${now}`, `t=${now + 600}`);
    expect(verifyWebhookSignature(secret, body, replayed, { now: now + 600 })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    for (const bad of [undefined, '', 'v1=abc', 't=12', 't=x,v1=00'])
      expect(verifyWebhookSignature(secret, body, bad, { now }).ok).toBe(false);
  });

  it('makes secrets of 24 random bytes', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
