import { describe, expect, it } from 'vitest';
import { changeTime, versionInBody, versionInIfMatch } from './versions.ts';

describe('versions', () => {
  it('reads If-Match as RFC 9110 writes it (strong or weak, quoted), `*` and absent as no version', () => {
    expect(versionInIfMatch('"3"')).toEqual({ version: 3 });
    expect(versionInIfMatch('W/"3"')).toEqual({ version: 3 });
    expect(versionInIfMatch('3')).toEqual({ version: 3 });
    expect(versionInIfMatch('*')).toEqual({ version: null });
    expect(versionInIfMatch(undefined)).toEqual({ version: null });
    for (const bad of ['"abc"', '"3", "4"', '"-1"', '"99999999999"', '"1.5"'])
      expect(versionInIfMatch(bad), bad).toEqual({ invalid: true });
  });

  it('reads a body’s version: a whole number from 0, null when absent', () => {
    expect(versionInBody({ version: 0 })).toEqual({ version: 0 });
    expect(versionInBody({ name: 'x' })).toEqual({ version: null });
    expect(versionInBody([1])).toEqual({ version: null });
    for (const bad of [-1, 1.5, '2', 2 ** 31, true]) expect(versionInBody({ version: bad })).toEqual({ invalid: true });
  });

  it('says the time in Paris, with the day when it is not today', () => {
    const now = new Date('2026-03-06T15:00:00Z');
    expect(changeTime(new Date('2026-03-06T13:32:00Z'), now)).toBe('14:32');
    expect(changeTime(new Date('2026-03-03T08:05:00Z'), now)).toBe('09:05 le 3 mars');
  });
});
