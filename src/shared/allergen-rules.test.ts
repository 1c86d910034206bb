import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../server/lib/csv.ts';
import { ALLERGEN_NAMES } from './allergens.ts';
import { suggestAllergens } from './allergen-rules.ts';

const foods = parseCsvRecords(readFileSync(path.join(import.meta.dirname, '../../data/ciqual/ciqual.csv'), 'utf8'));
const byCode = (code: number) => {
  const row = foods.find((f) => Number(f.code) === code)!;
  return { name: row.name!, group: row.group, subgroup: row.subgroup };
};
const named = (pattern: RegExp) => {
  const row = foods.find((f) => pattern.test(f.name ?? ''));
  if (!row) throw new Error(`no Ciqual food matches ${pattern}`);
  return { name: row.name!, group: row.group, subgroup: row.subgroup };
};

describe('allergen suggestions from Ciqual foods', () => {
  const cases: [string, ReturnType<typeof byCode>, string[]][] = [
    ['wheat flour → gluten', byCode(9436), ['Gluten']],
    ['butter → lait', byCode(16400), ['Lait']],
    ['raw egg → œufs', byCode(22000), ['Œufs']],
    ['semi-skimmed milk → lait', byCode(19041), ['Lait']],
    ['olive oil → nothing', byCode(17270), []],
    ['boiled potato → nothing', byCode(4003), []],
    ['white sugar → nothing', byCode(31016), []],
    ['almond → fruits à coque', named(/^Amande, avec peau/), ['Fruits à coque']],
    ['hazelnut → fruits à coque', named(/^Noisette/), ['Fruits à coque']],
    ['peanut → arachides', named(/^Cacahuète, sans sel/), ['Arachides']],
    ['salmon → poisson', named(/^Saumon, cuit à la vapeur/), ['Poissons']],
    ['shrimp → crustacés', named(/^Crevette, cuite/), ['Crustacés']],
    ['mussel → mollusques', named(/^Moule, bouillie/), ['Mollusques']],
    ['soy drink → soja', named(/^Boisson au soja/), ['Soja']],
    ['celeriac → céleri', named(/^Céleri-rave, cru/), ['Céleri']],
    ['Dijon mustard → moutarde (and sulfites)', named(/^Moutarde/), ['Moutarde', 'Anhydride sulfureux et sulfites']],
    ['sesame seed → sésame', named(/^Sésame, graine$/), ['Graines de sésame']],
    ['red wine → sulfites', named(/^Vin rouge$/), ['Anhydride sulfureux et sulfites']],
    ['emmental → lait', named(/^Emmental ou emmenthal$/), ['Lait']],
    ['vinegar → sulfites', named(/^Vinaigre$/), ['Anhydride sulfureux et sulfites']],
    ['rice is not gluten', named(/^Riz blanc, cuit/), []],
    ['coconut is not a tree nut here', named(/^Noix de coco, chair/), []],
  ];
  it.each(cases)('%s', (_label, food, expected) => {
    expect(suggestAllergens(food)).toEqual(expected);
  });

  it('answers for every Ciqual food what data/allergens-ciqual.csv says after review (scripts/allergen-review.ts lists the differences)', () => {
    const table = parseCsvRecords(
      readFileSync(path.join(import.meta.dirname, '../../data/allergens-ciqual.csv'), 'utf8'),
    );
    expect(table).toHaveLength(3484);
    expect(foods).toHaveLength(3484);
    const reviewed = new Map(table.map((row) => [row.code, row]));
    const differences = foods.flatMap((food) => {
      const row = reviewed.get(food.code);
      const rules = suggestAllergens({ name: food.name!, group: food.group, subgroup: food.subgroup }).join('|');
      return row && row.name === food.name && row.allergens === rules
        ? []
        : [`${food.code} ${food.name}: reviewed « ${row?.allergens ?? '—'} », rules « ${rules} »`];
    });
    expect(differences).toEqual([]);
  });

  it('gives a reason in the table for each food whose allergens its name does not say outright', () => {
    const table = parseCsvRecords(
      readFileSync(path.join(import.meta.dirname, '../../data/allergens-ciqual.csv'), 'utf8'),
    );
    const reasonOf = (code: number) => table.find((row) => Number(row.code) === code)?.reason ?? '';
    expect(reasonOf(11104)).toMatch(/brewed with wheat/); // sauce soja → gluten
    expect(reasonOf(11179)).toMatch(/parmesan/); // pesto → lait
    expect(reasonOf(26046)).toMatch(/crab/); // surimi → crustacés
    expect(reasonOf(17420)).toMatch(/annex II, 6 \(a\)/); // soybean oil → nothing
    expect(reasonOf(15025)).toMatch(/pine nuts/); // pignon → nothing
  });

  it('only ever suggests the 14 regulated allergens, in their order', () => {
    for (const food of foods) {
      const suggested = suggestAllergens({ name: food.name!, group: food.group, subgroup: food.subgroup });
      expect(suggested.every((a) => ALLERGEN_NAMES.includes(a))).toBe(true);
      expect(suggested).toEqual(ALLERGEN_NAMES.filter((a) => suggested.includes(a)));
    }
  });
});
