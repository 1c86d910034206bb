import { describe, expect, it } from 'vitest';
import { NBSP } from '../../../shared/typography.ts';
import { defaultFoodName } from './tree.ts';

// Ciqual 2025's names, as a label lists them (French typography: « 30 % », « d’olive »).
describe('a Ciqual food named on a label', () => {
  it('keeps the name before its first comma, without brackets, lower-cased, « Oe » as « Œ »', () => {
    expect(defaultFoodName('Farine de blé tendre ou froment T55 (pour pains)')).toBe(
      'farine de blé tendre ou froment T55',
    );
    expect(defaultFoodName('Oeuf, cru')).toBe('œuf');
  });

  it('sets a no-break space before « % » and the typographic apostrophe', () => {
    expect(defaultFoodName('Crème 30% MG, épaisse, rayon frais')).toBe(`crème 30${NBSP}% MG`);
    expect(defaultFoodName('Beurre à 80% MG minimum, doux')).toBe(`beurre à 80${NBSP}% MG minimum`);
    expect(defaultFoodName("Huile d'olive vierge extra")).toBe('huile d’olive vierge extra');
    expect(defaultFoodName('Lait demi-écrémé, 1,5 %, UHT')).toBe('lait demi-écrémé');
  });
});
