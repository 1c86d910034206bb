import { describe, expect, it } from 'vitest';
import { formatSiret, normalizeSiret } from './legal-notice.ts';

/**
 * SIRET control keys as INSEE defines them (« Système d'identification du répertoire des
 * établissements », fr.wikipedia.org, citing insee.fr): Luhn on the 14 digits, INSEE's own example
 * 732 829 320 00074; La Poste's establishments (SIREN 356 000 000) use a sum of digits that is a
 * multiple of 5, its head office 356 000 000 00048 the Luhn key.
 */
describe('normalizeSiret', () => {
  it('takes a SIRET typed with spaces or dots when its Luhn key holds', () => {
    expect(normalizeSiret('732 829 320 00074')).toBe('73282932000074');
    expect(normalizeSiret('732.829.320.00074')).toBe('73282932000074');
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
  });

  it('refuses a wrong key, a wrong length and letters', () => {
    expect(normalizeSiret('732 829 320 00075')).toBeNull();
    expect(normalizeSiret('732 829 320 0007')).toBeNull();
    expect(normalizeSiret('73282932000074 1')).toBeNull();
    expect(normalizeSiret('MONACOCONFO001')).toBeNull();
  });

  it('follows La Poste’s own rule', () => {
    expect(normalizeSiret('356 000 000 00048')).toBe('35600000000048');
    // 3+5+6+0+0+0+0+0+0+0+0+1+0+0 = 15: a multiple of 5, though its Luhn key would fail.
    expect(normalizeSiret('35600000000100')).toBe('35600000000100');
    expect(normalizeSiret('35600000000101')).toBeNull();
  });
});
