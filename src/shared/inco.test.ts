import { describe, expect, it } from 'vitest';
import { buildDeclaration, formatDeclared } from './inco.ts';
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
