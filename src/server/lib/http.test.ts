import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.ts';
import { hasUnstorableText } from './http.ts';

describe('hasUnstorableText', () => {
  it('finds NUL and lone surrogates anywhere in a body, and accepts real emoji', () => {
    expect(hasUnstorableText({ name: 'Tarte\u0000' })).toBe(true);
    expect(hasUnstorableText({ list: [{ name: 'x\uD800' }] })).toBe(true);
    expect(hasUnstorableText({ ['k\uDC00']: 1 })).toBe(true);
    expect(hasUnstorableText({ name: 'Crème brûlée 🍮', rtl: '\u200Fمرحبا' })).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('sees a connection error even when a library wrapped it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed to get session', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
