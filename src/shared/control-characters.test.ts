import { describe, expect, it } from 'vitest';
import { hasControlCharacter, withoutControlCharacters } from './control-characters.ts';

describe('control characters in names', () => {
  it('finds C0 (line breaks, tabs, escape), DEL and C1, not ordinary French text', () => {
    for (const name of ['Promo\nhttp://evil.test', 'a\tb', 'x\u001b[31m', 'del\u007f', 'c1\u0085'])
      expect(hasControlCharacter(name), JSON.stringify(name)).toBe(true);
    expect(hasControlCharacter('Cantine « Les Lilas » – 12 €')).toBe(false);
  });

  it('puts a stored name on one line', () => {
    expect(withoutControlCharacters('Promo\r\n\r\nhttp://evil.test ')).toBe('Promo http://evil.test');
    expect(withoutControlCharacters('La Brigade')).toBe('La Brigade');
  });
});
