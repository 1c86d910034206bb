import { describe, expect, it } from 'vitest';
import { readQuantityWithUnit, splitQuantityText, unitOfWord, unitWordMessages } from './unit-words.ts';

const LINE = ['g', 'kg', 'ml', 'cl', 'l', 'unité', 'cs', 'cc', 'pincee'];

describe('a quantity typed with its unit', () => {
  it('reads the kitchen’s ways of writing a unit', () => {
    expect(unitOfWord('cl')).toBe('cl');
    expect(unitOfWord('Litres')).toBe('l');
    expect(unitOfWord('c. à soupe')).toBe('cs');
    expect(unitOfWord('càs')).toBe('cs');
    expect(unitOfWord('cuillères à café')).toBe('cc');
    expect(unitOfWord('pincées')).toBe('pincee');
    expect(unitOfWord('pièces')).toBe('unité');
    expect(unitOfWord('verre')).toBeNull();
  });

  it('splits « 20 cl », « 0,25 l », « 2 c. à soupe », and leaves a bare number alone', () => {
    expect(splitQuantityText('20 cl')).toEqual({ quantity: '20', word: 'cl' });
    expect(splitQuantityText('0,25l')).toEqual({ quantity: '0,25', word: 'l' });
    expect(splitQuantityText(' 2 c. à soupe ')).toEqual({ quantity: '2', word: 'c. à soupe' });
    expect(splitQuantityText('1 250')).toEqual({ quantity: '1 250', word: null });
    expect(splitQuantityText('abc')).toEqual({ quantity: 'abc', word: null });
  });

  it('takes a unit of the line, refuses an unknown one or one the line does not use, naming the choices', () => {
    expect(readQuantityWithUnit('20 cl', LINE)).toEqual({ quantity: '20', unit: 'cl' });
    expect(readQuantityWithUnit('20', LINE)).toEqual({ quantity: '20', unit: null });
    const unknown = readQuantityWithUnit('2 verres', LINE);
    expect(unknown).toEqual({ error: unitWordMessages.unknown('verres', LINE) });
    expect(unitWordMessages.unknown('verres', LINE)).toMatch(
      /^Unité inconnue\u00a0: «\u00a0verres\u00a0»\. Choisissez g, kg, ml, cl, l, unité, c\. à soupe, c\. à café, pincée\.$/,
    );
    expect(readQuantityWithUnit('20 cl', ['g', 'kg', 'portion'])).toEqual({
      error: unitWordMessages.notHere('cl', ['g', 'kg', 'portion']),
    });
    // A batch recipe's « fournée » is its one portion.
    expect(readQuantityWithUnit('1 fournée', ['g', 'kg', 'portion'], true)).toEqual({ quantity: '1', unit: 'portion' });
    expect('error' in readQuantityWithUnit('1 fournée', ['g', 'kg', 'portion'], false)).toBe(true);
  });
});
