import { describe, expect, it } from 'vitest';
import { compileMeasures, findMeasure, measureLookup, type KitchenMeasureTable } from './kitchen-measures.ts';

const figure = { source: 'src', detail: 'la mesure' };
const table = (measures: KitchenMeasureTable['measures']): KitchenMeasureTable => ({
  about: 'test',
  sources: { src: { label: 'Source test', citation: 'Une citation complète de la source' } },
  measures,
});
const egg = { label: 'Œuf', pattern: '^oeuf', unit: { grams: 50, ...figure } };
const yolk = { label: 'Jaune', pattern: '^oeuf, jaune', unit: { grams: 17, ...figure } };

describe('findMeasure', () => {
  it('takes the longest name match whatever the order: a yolk is not a whole egg', () => {
    for (const measures of [
      [egg, yolk],
      [yolk, egg],
    ]) {
      const entries = compileMeasures(table(measures));
      expect(findMeasure(entries, { code: 22002, name: "Oeuf, jaune (jaune d'oeuf), cru" })?.label).toBe('Jaune');
      expect(findMeasure(entries, { code: 22000, name: 'Oeuf cru' })?.label).toBe('Œuf');
    }
  });

  it('lets a Ciqual code beat any name, and folds accents and « œ »', () => {
    const byCode = { label: 'Caille', codes: [22050], unit: { grams: 9, ...figure } };
    const entries = compileMeasures(table([egg, byCode]));
    expect(findMeasure(entries, { code: '22050', name: 'Oeuf de caille, cru' })?.label).toBe('Caille');
    expect(findMeasure(entries, { code: 1, name: 'Œuf à la coque' })?.label).toBe('Œuf');
    expect(findMeasure(entries, { code: 2, name: 'Beurre doux' })).toBeNull();
  });
});

describe('measureLookup', () => {
  it('gives the defaults of a line with their source, and nothing for an unknown food', () => {
    const defaultsFor = measureLookup(
      table([{ label: 'Huile', pattern: '^huile', density: { gramsPerMl: 0.92, ...figure } }]),
    );
    expect(defaultsFor({ code: 17440, name: 'Huile de tournesol' })).toEqual({
      gramsPerUnit: null,
      unitSource: null,
      gramsPerMl: 0.92,
      densitySource: { label: 'Source test', detail: 'la mesure' },
    });
    expect(defaultsFor({ code: 1, name: 'Sel' })).toEqual({
      gramsPerUnit: null,
      unitSource: null,
      gramsPerMl: null,
      densitySource: null,
    });
  });
});
