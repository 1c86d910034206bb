import { describe, expect, it } from 'vitest';
import { billedUnitContents, inProductUnit, packContents, pricePerBase } from './invoice-units.ts';

describe('an invoice line in kitchen units (UN/ECE Recommendation 20)', () => {
  it('measures convert directly: KGM, GRM, LTR, CLT, MLT', () => {
    expect(billedUnitContents('KGM', 'Carottes')).toEqual({ amount: 1, base: 'kg' });
    expect(billedUnitContents('GRM', 'Safran')).toEqual({ amount: 0.001, base: 'kg' });
    expect(billedUnitContents('LTR', 'Crème')).toEqual({ amount: 1, base: 'l' });
    expect(billedUnitContents('CLT', 'Vin')).toEqual({ amount: 0.01, base: 'l' });
    expect(billedUnitContents('MLT', 'Vanille')).toEqual({ amount: 0.001, base: 'l' });
  });

  it('pieces are units unless the description gives their contents', () => {
    expect(billedUnitContents('H87', 'Œufs plein air')).toEqual({ amount: 1, base: 'unité' });
    expect(billedUnitContents('C62', 'Citron')).toEqual({ amount: 1, base: 'unité' });
    expect(billedUnitContents('DZN', 'Œufs')).toEqual({ amount: 12, base: 'unité' });
    // ConnectingEurope's CII_example1.xml bills « PATAT FRITES 10MM 10KG » by the piece (H87).
    expect(billedUnitContents('H87', 'PATAT FRITES 10MM 10KG')).toEqual({ amount: 10, base: 'kg' });
    expect(billedUnitContents('H87', 'POT KETCHUP 3 LT')).toEqual({ amount: 3, base: 'l' });
  });

  it('« colis de 6 × 1 L » is 6 L; other ways of writing a pack', () => {
    expect(billedUnitContents('XCS', 'Lait entier colis de 6 × 1 L')).toEqual({ amount: 6, base: 'l' });
    expect(packContents('Bière 24x33cl')).toEqual({ amount: 7.92, base: 'l' });
    expect(packContents('Farine T55 sac 25 kg')).toEqual({ amount: 25, base: 'kg' });
    expect(packContents('Tomates 4 * 2,5 kg')).toEqual({ amount: 10, base: 'kg' });
    expect(packContents('Beurre doux 500 g')).toEqual({ amount: 0.5, base: 'kg' });
    expect(packContents('Tablier de cuisine')).toBeNull();
    expect(packContents('Gobelets 25cl lot de 50')).toEqual({ amount: 0.25, base: 'l' });
  });

  it('the price per kg, l or unit of a line', () => {
    expect(pricePerBase(6.6, 'XCS', 'Lait entier colis de 6 × 1 L')).toEqual({ amount: 1.1, per: 'l' });
    expect(pricePerBase(9.95, 'H87', 'PATAT FRITES 10MM 10KG')).toEqual({ amount: 0.995, per: 'kg' });
    expect(pricePerBase(0, 'KGM', 'Offert')).toBeNull();
  });

  it('said in the product’s own unit when its grams per unit allow', () => {
    expect(inProductUnit({ amount: 0.3, per: 'unité' }, { pricePer: 'kg', gramsPerUnit: 60 })).toEqual({
      amount: 5,
      per: 'kg',
    });
    expect(inProductUnit({ amount: 5, per: 'kg' }, { pricePer: 'unité', gramsPerUnit: 60 })).toEqual({
      amount: 0.3,
      per: 'unité',
    });
    expect(inProductUnit({ amount: 2, per: 'l' }, { pricePer: 'kg', gramsPerUnit: null })).toEqual({
      amount: 2,
      per: 'l',
    });
    expect(inProductUnit({ amount: 2, per: 'l' }, { pricePer: null, gramsPerUnit: null })).toEqual({
      amount: 2,
      per: 'l',
    });
  });
});
