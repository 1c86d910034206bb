import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth } from './format.ts';

describe('dates in French', () => {
  it('write the first of a month « 1er », and only the first', () => {
    expect(formatDate('2026-01-01T12:00:00Z')).toBe('1er janvier 2026');
    expect(formatDate('2026-01-11T12:00:00Z')).toBe('11 janvier 2026');
    expect(formatDate('2026-01-21T12:00:00Z')).toBe('21 janvier 2026');
    expect(formatDayMonth('2026-03-01T12:00:00Z', new Date('2026-06-01T12:00:00Z'))).toBe('1er mars');
    expect(formatDateTime('2026-05-01T10:00:00Z')).toMatch(/^1er mai 2026 à \d\d:00$/);
  });
});
