import { describe, expect, it } from 'vitest';
import { formatGrams, formatKcal, formatPrice } from './format.ts';

describe('French number formatting of the public page', () => {
  it('writes grams with one decimal and a decimal comma', () => {
    expect(formatGrams(6.3)).toBe('6,3\u00a0g');
    expect(formatGrams(6)).toBe('6,0\u00a0g');
    expect(formatGrams(0)).toBe('0,0\u00a0g');
    expect(formatGrams(12.25)).toBe('12,3\u00a0g');
    expect(formatGrams(0.04)).toBe('0,0\u00a0g');
  });

  it('writes prices with two decimals, as Intl fr-FR writes euros', () => {
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const value of [12.5, 0, 3, 0.1, 18.55, 1234.5, 99_999.99])
      expect(formatPrice(value)).toBe(intl.format(value));
    expect(formatPrice(12.5)).toBe('12,50\u00a0€');
  });

  it('writes calories as a whole number, fr-FR thousands', () => {
    expect(formatKcal(350)).toBe('350\u00a0kcal');
    expect(formatKcal(0)).toBe('0\u00a0kcal');
    expect(formatKcal(349.6)).toBe('350\u00a0kcal');
    expect(formatKcal(1234)).toBe('1\u202f234\u00a0kcal');
  });

  it('writes exactly what Intl.NumberFormat fr-FR writes', () => {
    const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const value of [
      0, 0.04, 0.05, 0.15, 1, 6.3, 9.95, 10, 99.94, 123.45, 999.96, 1000, 1234.5, 12345.67, 1234567,
    ]) {
      expect(formatGrams(value)).toBe(`${oneDecimal.format(value)}\u00a0g`);
      expect(formatKcal(value)).toBe(`${whole.format(value)}\u00a0kcal`);
    }
  });
});
