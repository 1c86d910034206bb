import { describe, expect, it } from 'vitest';
import { etagMatches, strongEtag } from './http-cache.ts';

describe('ETag revalidation', () => {
  it('derives a strong, quoted, URL-safe tag from the body', () => {
    const tag = strongEtag('<p>menu</p>');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(strongEtag('<p>menu</p>')).toBe(tag);
    expect(strongEtag('<p>menu!</p>')).not.toBe(tag);
  });

  it('matches If-None-Match weakly, in a list, and on *', () => {
    const tag = strongEtag('x');
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(`W/${tag}`, tag)).toBe(true);
    expect(etagMatches(`"other", W/${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches('', tag)).toBe(false);
  });
});
