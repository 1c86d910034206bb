import { describe, expect, it } from 'vitest';
import { nameForMenu, validateQrForm } from './generator-rules.ts';

describe('validateQrForm', () => {
  it('checks the session first, then the name, then the menu (docs/product/spec.md section 5)', () => {
    expect(validateQrForm({ signedIn: false, name: '', menuId: '' }).first).toBe(
      'Vous devez être connecté pour générer un code QR',
    );
    const both = validateQrForm({ signedIn: true, name: '   ', menuId: '' });
    expect(both.first).toBe('Veuillez donner un nom à votre code QR');
    expect(both.errors).toEqual({
      name: 'Veuillez donner un nom à votre code QR',
      menuId: 'Veuillez sélectionner un menu',
    });
    expect(validateQrForm({ signedIn: true, name: 'Table 4', menuId: '' }).first).toBe('Veuillez sélectionner un menu');
    expect(validateQrForm({ signedIn: true, name: 'Table 4', menuId: 'm1' })).toEqual({ errors: {}, first: null });
  });
});

describe('nameForMenu', () => {
  it('fills an empty name with « QR - {menu} »', () => {
    expect(nameForMenu('', null, 'Carte du midi')).toBe('QR - Carte du midi');
    expect(nameForMenu('  ', null, 'Carte du midi')).toBe('QR - Carte du midi');
  });
  it('follows the menu while the name is still the previous default', () => {
    expect(nameForMenu('QR - Carte du midi', 'Carte du midi', 'Carte du soir')).toBe('QR - Carte du soir');
  });
  it('keeps a name the owner typed', () => {
    expect(nameForMenu('Terrasse', 'Carte du midi', 'Carte du soir')).toBe('Terrasse');
    expect(nameForMenu('QR - Carte du midi', null, 'Carte du soir')).toBe('QR - Carte du midi');
  });
  it('keeps the name when the placeholder is chosen again', () => {
    expect(nameForMenu('QR - Carte du midi', 'Carte du midi', null)).toBe('QR - Carte du midi');
  });
});
