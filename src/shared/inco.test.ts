import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDeclaration, declaredAmount, formatDeclared } from './inco.ts';
import type { Nutrient } from './nutrition.ts';

const totals: Record<Nutrient, number | null> = {
  energyKj: 5000,
  energyKcal: 1200,
  water: null,
  protein: 40,
  carbs: 150,
  sugars: 20,
  fiber: 10,
  fat: 50,
  saturatedFat: 20,
  salt: 4,
};

describe('EU nutrition declaration', () => {
  it('gives per 100 g, per portion and % of reference intakes (hand-computed)', () => {
    // 1000 g raw, 4 portions of 250 g.
    const d = buildDeclaration(totals, {}, 1000, 4);
    const line = (k: Nutrient) => d.lines.find((l) => l.key === k)!;
    expect(d.lines.map((l) => l.label)).toEqual([
      'Énergie',
      'Énergie',
      'Matières grasses',
      'dont acides gras saturés',
      'Glucides',
      'dont sucres',
      'Fibres alimentaires',
      'Protéines',
      'Sel',
    ]);
    expect(line('energyKj')).toMatchObject({ per100g: 500, perPortion: 1250, riPercent: 15 }); // 1250/8400 = 14.9 %
    expect(line('energyKcal')).toMatchObject({ per100g: 120, perPortion: 300, riPercent: 15 });
    expect(line('fat')).toMatchObject({ per100g: 5, perPortion: 12.5, riPercent: 18 }); // 12.5/70 = 17.9 %
    expect(line('saturatedFat')).toMatchObject({ perPortion: 5, riPercent: 25 });
    expect(line('fiber')).toMatchObject({ perPortion: 2.5, riPercent: null });
    expect(line('salt')).toMatchObject({ per100g: 0.4, perPortion: 1, riPercent: 17 }); // 1/6 = 16.7 %
    expect(d.portionGrams).toBe(250);
  });

  it('refers « pour 100 g » to the cooked dish when a cooked weight is given', () => {
    // 1000 g raw cooked down to 800 g: 5000 kJ over 800 g = 625 kJ/100 g; portions unchanged.
    const d = buildDeclaration(totals, {}, 1000, 4, 800);
    expect(d.referenceGrams).toBe(800);
    expect(d.lines[0]).toMatchObject({ per100g: 625, perPortion: 1250 });
    expect(d.portionGrams).toBe(200);
  });

  it('shows a gap as partial, never as zero', () => {
    const d = buildDeclaration({ ...totals, fiber: null, sugars: 5 }, { fiber: ['Jus'], sugars: ['Jus'] }, 1000, 1);
    expect(d.lines.find((l) => l.key === 'fiber')).toMatchObject({ per100g: null, partial: true });
    expect(d.lines.find((l) => l.key === 'sugars')).toMatchObject({ per100g: 0.5, partial: true });
  });

  it('rounds as the EU guidance says', () => {
    expect(formatDeclared('energyKj', 1234.6)).toBe('1\u202f235');
    expect(formatDeclared('fat', 12.4)).toBe('12');
    expect(formatDeclared('fat', 3.46)).toBe('3,5');
    expect(formatDeclared('fat', 0.3)).toBe('<0,5');
    expect(formatDeclared('saturatedFat', 0.05)).toBe('<0,1');
    expect(formatDeclared('salt', 1.26)).toBe('1,3');
    expect(formatDeclared('salt', 0.456)).toBe('0,46');
    expect(formatDeclared('salt', 0.01)).toBe('<0,01');
    expect(formatDeclared('protein', null)).toBe('–');
  });
});

/** The next representable doubles on either side of a boundary. */
const after = (x: number) => x + Math.max(Number.EPSILON * x, Number.MIN_VALUE);
const before = (x: number) => x - Number.EPSILON * x;
const parseFr = (text: string) => Number(text.replace(/\u202f/g, '').replace(',', '.'));

/**
 * Both sides of every boundary of the EU guidance on tolerances and rounding (December 2012,
 * section 4): the negligible amount (« <0,5 g », « <0,1 g », « <0,01 g ») includes the boundary, the
 * coarser step starts at it (10 g, 1 g of salt).
 */
describe('EU rounding at the boundaries (guidance document, December 2012)', () => {
  const macros: Nutrient[] = ['fat', 'carbs', 'sugars', 'protein', 'fiber'];

  it('states 0,5 g of fat, carbohydrate, sugars, protein or fibre as « <0,5 », never « 0,5 »', () => {
    for (const key of macros) {
      expect(formatDeclared(key, 0.5)).toBe('<0,5');
      expect(formatDeclared(key, 0)).toBe('<0,5');
      expect(formatDeclared(key, after(0.5))).toBe('0,5');
      expect(formatDeclared(key, 0.55)).toBe('0,6');
      expect(formatDeclared(key, before(10))).toBe('10,0');
      expect(formatDeclared(key, 10)).toBe('10');
      expect(formatDeclared(key, 10.5)).toBe('11');
    }
  });

  it('states saturates at 0,1 g as « <0,1 », from 10 g to the gram', () => {
    expect(formatDeclared('saturatedFat', 0.1)).toBe('<0,1');
    expect(formatDeclared('saturatedFat', after(0.1))).toBe('0,1');
    expect(formatDeclared('saturatedFat', 0.15)).toBe('0,2');
    expect(formatDeclared('saturatedFat', before(10))).toBe('10,0');
    expect(formatDeclared('saturatedFat', 10)).toBe('10');
  });

  it('states salt at 0,0125 g (sodium 0,005 g) as « <0,01 », to 0,01 g below 1 g and to 0,1 g from 1 g', () => {
    expect(formatDeclared('salt', 0.0125)).toBe('<0,01');
    expect(formatDeclared('salt', after(0.0125))).toBe('0,01');
    expect(formatDeclared('salt', 0.015)).toBe('0,02');
    expect(formatDeclared('salt', before(1))).toBe('1,00');
    expect(formatDeclared('salt', 1)).toBe('1,0');
    expect(formatDeclared('salt', 1.05)).toBe('1,1');
  });

  it('states energy to the unit', () => {
    expect(formatDeclared('energyKj', 0.4)).toBe('0');
    expect(formatDeclared('energyKcal', 99.5)).toBe('100');
    expect(formatDeclared('energyKj', 3700)).toBe('3\u202f700');
  });

  const bands: { keys: Nutrient[]; negligible: number; coarse: number; fine: 1 | 2; coarseDecimals: 0 | 1 }[] = [
    { keys: macros, negligible: 0.5, coarse: 10, fine: 1, coarseDecimals: 0 },
    { keys: ['saturatedFat'], negligible: 0.1, coarse: 10, fine: 1, coarseDecimals: 0 },
    { keys: ['salt'], negligible: 0.0125, coarse: 1, fine: 2, coarseDecimals: 1 },
  ];
  for (const band of bands) {
    for (const key of band.keys) {
      const step = (decimals: number) => 10 ** -decimals;
      it(`${key}: « < » up to ${band.negligible}, step ${step(band.fine)} below ${band.coarse}, step ${step(band.coarseDecimals)} from it (property)`, () => {
        fc.assert(
          fc.property(fc.double({ min: 0, max: band.negligible, noNaN: true }), (v) => {
            const amount = declaredAmount(key, v);
            expect(amount).toMatchObject({ below: true, value: band.negligible === 0.0125 ? 0.01 : band.negligible });
          }),
        );
        fc.assert(
          fc.property(
            fc.double({ min: band.negligible, max: band.coarse, minExcluded: true, maxExcluded: true, noNaN: true }),
            (v) => {
              const text = formatDeclared(key, v);
              expect(text).toMatch(band.fine === 1 ? /^\d+,\d$/ : /^\d+,\d\d$/);
              // Within half a step of the value: rounded to the nearest step, not truncated.
              expect(Math.abs(parseFr(text) - v)).toBeLessThanOrEqual(step(band.fine) / 2 + 1e-9);
            },
          ),
        );
        fc.assert(
          fc.property(fc.double({ min: band.coarse, max: 1000, noNaN: true }), (v) => {
            const text = formatDeclared(key, v);
            expect(text).toMatch(band.coarseDecimals === 0 ? /^[\d\u202f]+$/ : /^[\d\u202f]+,\d$/);
            expect(Math.abs(parseFr(text) - v)).toBeLessThanOrEqual(step(band.coarseDecimals) / 2 + 1e-9);
          }),
        );
      });
    }
  }
});
