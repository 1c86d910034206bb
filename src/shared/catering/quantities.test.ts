import { describe, expect, it } from 'vitest';
import { dietProblem, servedVariants, variantLabel, type DishDietFacts } from './diets.ts';
import { AmountTotals, amountOf, displayAmount, packsFor } from './quantities.ts';

describe('quantities a cook orders', () => {
  it('weighs in kilograms rounded up to 100 g, small amounts in grams, liquids in litres, eggs and fruit in pieces', () => {
    expect(displayAmount('mass', 21_875)).toEqual({ quantity: 21.9, unit: 'kg' });
    expect(displayAmount('mass', 17_500)).toEqual({ quantity: 17.5, unit: 'kg' });
    expect(displayAmount('mass', 842)).toEqual({ quantity: 850, unit: 'g' });
    expect(displayAmount('mass', 12.2)).toEqual({ quantity: 13, unit: 'g' });
    expect(displayAmount('volume', 2430)).toEqual({ quantity: 2.5, unit: 'l' });
    expect(displayAmount('volume', 180)).toEqual({ quantity: 0.2, unit: 'l' });
    // Never « 264,7 unité ».
    expect(displayAmount('pieces', 264.7)).toEqual({ quantity: 265, unit: 'pièces' });
  });

  it('reads each line unit as what it measures', () => {
    expect(amountOf(1.5, 'kg', 1500)).toEqual({ kind: 'mass', value: 1500 });
    expect(amountOf(2, 'l', 2000)).toEqual({ kind: 'volume', value: 2000 });
    expect(amountOf(12, 'unité', 600)).toEqual({ kind: 'pieces', value: 12 });
    expect(amountOf(3, 'portion', 450)).toEqual({ kind: 'mass', value: 450 });
    expect(amountOf(3, 'portion', null)).toEqual({ kind: 'portions', value: 3 });
  });

  it('adds one total per ingredient across courses and variants', () => {
    const totals = new AmountTotals();
    totals.add('food:20009', 'Carotte, crue', 'mass', 4000);
    totals.add('food:22000', 'Œuf, cru', 'pieces', 30);
    totals.add('food:20009', 'Carotte, crue', 'mass', 1500);
    expect(totals.list()).toEqual([
      { key: 'food:20009', name: 'Carotte, crue', kind: 'mass', value: 5500 },
      { key: 'food:22000', name: 'Œuf, cru', kind: 'pieces', value: 30 },
    ]);
  });

  it('rounds up to whole packs: « colis de 5 kg » for 12,3 kg is 3 colis', () => {
    expect(packsFor('mass', 12_300, { quantity: 5, unit: 'kg' }, null)).toEqual({ packs: 3, quantity: 15, unit: 'kg' });
    expect(packsFor('pieces', 100, { quantity: 30, unit: 'unité' }, null)).toEqual({
      packs: 4,
      quantity: 120,
      unit: 'pièces',
    });
    expect(packsFor('pieces', 100, { quantity: 2.5, unit: 'kg' }, 60)).toEqual({ packs: 3, quantity: 7.5, unit: 'kg' });
    expect(packsFor('volume', 2000, { quantity: 5, unit: 'kg' }, null)).toBeNull();
  });
});

describe('diet variants', () => {
  const facts = (changes: Partial<DishDietFacts> = {}): DishDietFacts => ({
    allergens: [],
    traces: [],
    allergensDeclared: true,
    meat: false,
    pork: false,
    vegetarian: true,
    unknownMake: false,
    ...changes,
  });

  it('checks a substitute against its variant: no pork, no meat, no peanut even as a trace', () => {
    expect(dietProblem('sans_porc', facts({ meat: true, pork: true, vegetarian: false }))).toBe('contient du porc');
    expect(dietProblem('sans_porc', facts({ meat: true, vegetarian: false }))).toBeNull();
    expect(dietProblem('sans_viande', facts({ meat: true, vegetarian: false }))).toBe('contient de la viande');
    expect(dietProblem('sans_viande', facts({ vegetarian: false }))).toBeNull();
    expect(dietProblem('vegetarien', facts({ vegetarian: false }))).toBe('contient de la viande ou du poisson');
    expect(dietProblem('pai:arachides', facts({ traces: ['Arachides'] }))).toBe('peut contenir arachides');
    expect(dietProblem('pai:arachides', facts({ allergens: ['Arachides'] }))).toBe('contient arachides');
    expect(dietProblem('pai:arachides', facts({ allergensDeclared: false }))).toBe('allergènes non confirmés');
    expect(dietProblem('sans_gluten', facts({ allergens: ['Gluten'] }))).toBe('contient gluten');
    expect(dietProblem('texture_4', facts({ meat: true, vegetarian: false }))).toBeNull();
    expect(dietProblem('vegetarien', facts({ unknownMake: true }))).toBe('composition inconnue');
  });

  it('names the variants, IDDSI levels and PAI included, and lists those a service serves', () => {
    expect(variantLabel('texture_4')).toBe('Mixé (IDDSI 4)');
    expect(variantLabel('pai:fruits-a-coque')).toBe('PAI fruits à coque');
    expect(servedVariants({ dejeuner: { 'pai:arachides': 2, sans_porc: 12, vegetarien: 0 } }, 'dejeuner')).toEqual([
      { variant: 'sans_porc', count: 12 },
      { variant: 'pai:arachides', count: 2 },
    ]);
  });
});
