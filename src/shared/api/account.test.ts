import { describe, expect, it } from 'vitest';
import { normalizeFrenchPhone, normalizePostalCode } from './account.ts';
import { establishmentInputSchema } from './organisations.ts';

describe('normalizeFrenchPhone', () => {
  it('writes a French number « 01 23 45 67 89 » whatever the owner typed', () => {
    for (const typed of [
      '0123456789',
      '01 23 45 67 89',
      '01.23.45.67.89',
      '01-23-45-67-89',
      '+33 1 23 45 67 89',
      '+33123456789',
      '0033 1 23 45 67 89',
      '+33 (0)1 23 45 67 89',
    ]) {
      expect(normalizeFrenchPhone(typed), typed).toBe('01 23 45 67 89');
    }
    expect(normalizeFrenchPhone('06 12 34 56 78')).toBe('06 12 34 56 78');
  });

  it('refuses what is not a French number', () => {
    for (const typed of [
      '',
      '123',
      '01 23 45 67 8',
      '01 23 45 67 890',
      '00 23 45 67 89',
      '+44 20 7946 0958',
      'zéro un',
      '+33 0 1',
    ]) {
      expect(normalizeFrenchPhone(typed), typed).toBeNull();
    }
  });
});

describe('normalizePostalCode', () => {
  it('accepts 5 digits, spaces removed', () => {
    expect(normalizePostalCode('75001')).toBe('75001');
    expect(normalizePostalCode(' 75 001 ')).toBe('75001');
    expect(normalizePostalCode('7500')).toBeNull();
    expect(normalizePostalCode('2A004')).toBeNull();
  });
});

describe('establishmentInputSchema', () => {
  it('trims, normalizes, and turns empty lines into null', () => {
    expect(
      establishmentInputSchema.parse({
        name: ' Chez Lucie ',
        address: '  ',
        postalCode: '',
        city: undefined,
        phone: '0472000000',
      }),
    ).toEqual({
      name: 'Chez Lucie',
      address: null,
      postalCode: null,
      city: null,
      phone: '04 72 00 00 00',
    });
  });

  it('names the wrong field', () => {
    const result = establishmentInputSchema.safeParse({ name: '', phone: '12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'phone']);
  });
});
