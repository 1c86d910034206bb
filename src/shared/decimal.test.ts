import { describe, expect, it } from 'vitest';
import { decimalText, formatDecimal, frenchDecimalText, parseDecimal, parseInteger } from './decimal.ts';

const value = (text: string) => {
  const parsed = parseDecimal(text);
  return parsed.kind === 'number' ? parsed.value : parsed.kind;
};

describe('parseDecimal', () => {
  it('reads a comma and a dot alike (« 0,25 » kg of butter is never 25 kg)', () => {
    expect(value('0,25')).toBe(0.25);
    expect(value('0.25')).toBe(0.25);
    expect(value('9,50')).toBe(9.5);
    expect(value(' 12 ')).toBe(12);
    expect(value(',5')).toBe(0.5);
    expect(value('5,')).toBe(5);
  });

  it('reads spaces, no-break and narrow no-break spaces between groups of three digits', () => {
    expect(value('1 250,5')).toBe(1250.5);
    expect(value('1\u00A0250,5')).toBe(1250.5);
    expect(value('1\u202F250,5')).toBe(1250.5);
    expect(value('12 345 678')).toBe(12345678);
    expect(value(formatDecimal(1250.5))).toBe(1250.5);
  });

  it('reads a sign, so that « -5 » is refused as negative, not as junk', () => {
    expect(value('-5')).toBe(-5);
    expect(value('\u22125')).toBe(-5);
    expect(value('+2,5')).toBe(2.5);
  });

  it('says empty for nothing, and invalid for anything else', () => {
    expect(value('')).toBe('empty');
    expect(value('   ')).toBe('empty');
    for (const junk of [
      'abc',
      '1,2,3',
      '1.250,5',
      '1,250.5',
      '12 50',
      '1e3',
      '0x10',
      ',',
      '-',
      '2 kg',
      'Infinity',
      '1'.repeat(400),
    ]) {
      expect(value(junk), junk).toBe('invalid');
    }
  });
});

describe('parseInteger', () => {
  it('refuses a fraction in a whole-number field', () => {
    expect(parseInteger('4')).toEqual({ kind: 'number', value: 4 });
    expect(parseInteger('1,5')).toEqual({ kind: 'fraction' });
    expect(parseInteger('quatre')).toEqual({ kind: 'invalid' });
  });
});

describe('writing numbers the French way', () => {
  it('formats with a comma and fr-FR grouping', () => {
    expect(formatDecimal(0.25)).toBe('0,25');
    expect(formatDecimal(9.5, 2, 2)).toBe('9,50');
    expect(formatDecimal(1250.5)).toBe('1\u202F250,5');
    expect(decimalText(null)).toBe('');
    expect(decimalText(17)).toBe('17');
  });

  it('rewrites a typed number when the field is left, and leaves junk for its error', () => {
    expect(frenchDecimalText('0.25')).toBe('0,25');
    expect(frenchDecimalText('9.5', 2, 2)).toBe('9,50');
    expect(frenchDecimalText('1,2,3')).toBe('1,2,3');
    // Never a different value: 1.5 servings is not rounded to 2, 9.505 € not to 9.51 €.
    expect(frenchDecimalText('1,5', 0)).toBe('1,5');
    expect(frenchDecimalText('9.505', 2, 2)).toBe('9.505');
    expect(frenchDecimalText('1250', 0)).toBe('1\u202F250');
    expect(frenchDecimalText('')).toBe('');
  });
});
