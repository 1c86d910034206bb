import { describe, expect, it } from 'vitest';
import { establishmentAddressLine, establishmentContactLine } from './establishment.ts';

describe('establishmentAddressLine', () => {
  it('writes the address on one line, leaving out what is not given', () => {
    expect(establishmentAddressLine({ address: '12 rue des Halles', postalCode: '75001', city: 'Paris' })).toBe(
      '12 rue des Halles, 75001 Paris',
    );
    expect(establishmentAddressLine({ address: null, postalCode: null, city: 'Lyon' })).toBe('Lyon');
    expect(establishmentAddressLine({ address: '3 place du Marché', postalCode: null, city: null })).toBe(
      '3 place du Marché',
    );
    expect(establishmentAddressLine({ address: null, postalCode: null, city: null })).toBeNull();
  });

  it('adds the phone, whose spaces never break, for the printed documents', () => {
    const profile = {
      restaurantName: 'Chez Lucie',
      address: null,
      postalCode: '69001',
      city: 'Lyon',
      phone: '04 72 00 00 00',
    };
    expect(establishmentContactLine(profile)).toBe('69001 Lyon · 04\u00a072\u00a000\u00a000\u00a000');
    expect(establishmentContactLine({ ...profile, postalCode: null, city: null, phone: null })).toBeNull();
    expect(establishmentContactLine(null)).toBeNull();
  });
});
