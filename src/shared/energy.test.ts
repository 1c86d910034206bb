import { describe, expect, it } from 'vitest';
import { completeEnergy, energyFromNutrients, energySourceNote } from './energy.ts';

const label = { energyKj: null, energyKcal: null, fat: null, carbs: null, protein: null, fiber: null };

describe('energy of a label in one unit (annex XIV of Regulation 1169/2011)', () => {
  it('computes 900 kcal of fat as 3 700 kJ (37 kJ a gram), not 3 766 (× 4,184)', () => {
    const oil = { ...label, energyKcal: 900, fat: 100, carbs: 0, protein: 0 };
    expect(completeEnergy(oil)).toEqual({
      energyKj: 3700,
      energyKcal: 900,
      kjSource: 'nutrients',
      kcalSource: 'label',
    });
  });

  it('adds each nutrient with its factor: fat 37/9, carbohydrate 17/4, protein 17/4, fibre 8/2', () => {
    // Shortcrust pastry: 25 g fat, 38 g carbohydrate, 6 g protein, 2 g fibre.
    const pastry = { ...label, fat: 25, carbs: 38, protein: 6, fiber: 2 };
    expect(energyFromNutrients(pastry, 'kj')).toBe(25 * 37 + 38 * 17 + 6 * 17 + 2 * 8); // 1 669
    expect(energyFromNutrients(pastry, 'kcal')).toBe(25 * 9 + 38 * 4 + 6 * 4 + 2 * 2); // 405
    // A fibre the label does not state counts 0.
    expect(energyFromNutrients({ ...pastry, fiber: null }, 'kj')).toBe(25 * 37 + 38 * 17 + 6 * 17);
  });

  it('keeps what the label states, and completes kcal from the nutrients when only kJ is given', () => {
    expect(completeEnergy({ ...label, energyKj: 1500, energyKcal: 360, fat: 1, carbs: 1, protein: 1 })).toMatchObject({
      energyKj: 1500,
      energyKcal: 360,
      kjSource: 'label',
      kcalSource: 'label',
    });
    expect(completeEnergy({ ...label, energyKj: 1700, fat: 0, carbs: 100, protein: 0 })).toMatchObject({
      energyKcal: 400,
      kcalSource: 'nutrients',
    });
  });

  it('converts only when fat, carbohydrate or protein is unknown, and says so', () => {
    const partial = { ...label, energyKcal: 400, fat: 20, carbs: null, protein: 5 };
    const energy = completeEnergy(partial);
    expect(energy).toEqual({ energyKj: 1673.6, energyKcal: 400, kjSource: 'conversion', kcalSource: 'label' });
    expect(energySourceNote(energy)).toContain('convertie (1\u00a0kcal = 4,184\u00a0kJ)');
    expect(energySourceNote(completeEnergy({ ...label, energyKcal: 900, fat: 100, carbs: 0, protein: 0 }))).toContain(
      'annexe XIV',
    );
    expect(completeEnergy(label)).toEqual({ energyKj: null, energyKcal: null, kjSource: null, kcalSource: null });
  });
});
