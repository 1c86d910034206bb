import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../../shared/allergens.ts';
import { compileMeasures, type KitchenMeasureTable } from '../../../shared/kitchen-measures.ts';
import { kitchenMeasureTableSchema } from '../../../shared/kitchen-measures-schema.ts';
import { ciqualDir } from '../../lib/paths.ts';
import { parseCsvRecords } from '../../lib/csv.ts';
import { defaultMeasures, kitchenMeasuresFile } from './kitchen-measures.ts';

/** The real table (data/kitchen-measures.json) against the real Ciqual 2025 foods. */
const foods = parseCsvRecords(readFileSync(path.join(ciqualDir, 'ciqual.csv'), 'utf8')).map((r) => ({
  code: Number(r.code),
  name: r.name ?? '',
}));
const table = JSON.parse(readFileSync(kitchenMeasuresFile, 'utf8')) as KitchenMeasureTable;

/** The defaults of the Ciqual food with exactly this name. */
function defaultsOf(name: string) {
  const food = foods.find((f) => f.name === name);
  if (!food) throw new Error(`no Ciqual food named ${name}`);
  return defaultMeasures(food);
}

describe('data/kitchen-measures.json', () => {
  it('has the expected shape, and every figure names a known source with its detail', () => {
    expect(kitchenMeasureTableSchema.safeParse(table).error?.issues ?? []).toEqual([]);
    for (const measure of table.measures) {
      for (const figure of [measure.unit, measure.density]) {
        if (!figure) continue;
        expect(Object.keys(table.sources)).toContain(figure.source);
        // An estimate says so and why; a published figure names its food (FDC number).
        expect(figure.detail, measure.label).toMatch(
          figure.source === 'estimation' ? /\S{3,}.{30,}/ : /FDC \d+ « .+ »/,
        );
      }
    }
  });

  it('applies every entry to at least one Ciqual food, and every code is a Ciqual food', () => {
    const codes = new Set(foods.map((f) => f.code));
    const used = new Set(
      foods.map((f) => defaultMeasures(f)).flatMap((d) => [d.unitSource?.detail, d.densitySource?.detail]),
    );
    for (const measure of table.measures) {
      for (const code of measure.codes ?? []) expect(codes.has(code), `${measure.label}: ${code}`).toBe(true);
      expect(used.has(measure.unit?.detail ?? measure.density?.detail), measure.label).toBe(true);
    }
  });

  it('never leaves a food between two patterns of the same length (the table order must not matter)', () => {
    const entries = compileMeasures(table);
    const ties = foods.filter((food) => {
      const lengths = entries
        .map((e) => e.pattern?.exec(foldText(food.name))?.[0].length)
        .filter((l) => l !== undefined);
      return lengths.filter((l) => l === Math.max(...lengths)).length > 1;
    });
    expect(ties.map((f) => f.name)).toEqual([]);
  });
});

describe('defaults of common kitchen foods (Ciqual names)', () => {
  it('eggs: a yolk is 17 g, not a whole egg (docs/decisions/0010), a white about 34 g, a whole egg about 50 g', () => {
    expect(defaultsOf("Oeuf, jaune (jaune d'oeuf), cru").gramsPerUnit).toBe(17);
    expect(defaultsOf("Oeuf, jaune (jaune d'oeuf), cuit").gramsPerUnit).toBe(17);
    expect(defaultsOf("Oeuf, blanc (blanc d'oeuf), cru").gramsPerUnit).toBeGreaterThanOrEqual(30);
    expect(defaultsOf("Oeuf, blanc (blanc d'oeuf), cru").gramsPerUnit).toBeLessThanOrEqual(35);
    for (const name of ['Oeuf cru', 'Oeuf dur', 'Oeuf poché', 'Oeuf à la coque']) {
      expect(defaultsOf(name).gramsPerUnit, name).toBeGreaterThanOrEqual(50);
      expect(defaultsOf(name).gramsPerUnit, name).toBeLessThanOrEqual(60);
    }
    expect(defaultsOf('Oeuf de caille, cru').gramsPerUnit).toBe(9);
    // Fish roe is no egg to count by the unit.
    expect(defaultsOf('Oeufs de saumon du Pacifique, semi-conserve').gramsPerUnit).toBeNull();
  });

  it('liquids: oils lighter than water, milk and cream a little heavier, honey much heavier', () => {
    for (const name of ["Huile d'olive vierge extra", 'Huile de tournesol', 'Huile de colza']) {
      expect(defaultsOf(name).gramsPerMl, name).toBeGreaterThanOrEqual(0.9);
      expect(defaultsOf(name).gramsPerMl, name).toBeLessThanOrEqual(0.92);
    }
    expect(defaultsOf('Huile de tournesol').gramsPerMl).toBe(0.92);
    expect(defaultsOf('Lait demi-écrémé, UHT').gramsPerMl).toBe(1.03);
    expect(defaultsOf('Lait entier, pasteurisé').gramsPerMl).toBe(1.03);
    expect(defaultsOf('Crème 30% MG, fluide, UHT').gramsPerMl).toBe(1.01);
    expect(defaultsOf('Crème 12 à 20% MG, légère, fluide, rayon frais').gramsPerMl).toBe(1.01);
    expect(defaultsOf('Miel').gramsPerMl).toBe(1.43);
    expect(defaultsOf('Eau du robinet').gramsPerMl).toBe(1);
    // Not liquids: no density from the milk entry for powder or sweetened condensed milk.
    expect(defaultsOf('Lait en poudre, entier').gramsPerMl).toBeNull();
    expect(defaultsOf('Lait concentré sucré, entier').gramsPerMl).toBeNull();
    expect(defaultsOf('Crème dessert au chocolat, rayon frais').gramsPerMl).toBeNull();
  });

  it('butter: a unit is a 250 g plaquette, a millilitre about 0.96 g', () => {
    expect(defaultsOf('Beurre à 80% MG minimum, doux')).toMatchObject({ gramsPerUnit: 250, gramsPerMl: 0.96 });
    expect(defaultsOf('Beurre à 80% MG minimum, doux').unitSource?.label).toBe('Estimation NutriCarte');
    expect(defaultsOf("Beurre de cacahuète ou pâte d'arachide").gramsPerUnit).toBeNull();
  });

  it('flour and sugar measured in ml weigh about half, and a little less than water', () => {
    expect(defaultsOf('Farine de blé tendre ou froment T55 (pour pains)').gramsPerMl).toBe(0.53);
    expect(defaultsOf('Farine de blé tendre ou froment T45 (pour pâtisserie)').gramsPerMl).toBe(0.53);
    expect(defaultsOf('Farine de seigle T85').gramsPerMl).toBe(0.43);
    expect(defaultsOf("Farine d'épeautre (grand épeautre)").densitySource?.label).toBe('Estimation NutriCarte');
    expect(defaultsOf('Sucre blanc').gramsPerMl).toBe(0.85);
  });

  it('fruit and vegetables by the piece', () => {
    const expected: [string, number][] = [
      ['Citron, chair sans peau, sans pépins, cru', 84],
      ['Ail, cru', 3],
      ['Oignon, cru', 110],
      ['Oignon jaune, cru', 110],
      ['Échalote, crue', 25],
      ['Tomate ronde, crue', 123],
      ['Tomate cerise, crue', 17],
      ['Pomme de terre, sans peau, crue', 213],
      ['Carotte, crue', 61],
      ['Courgette, chair et peau, crue', 196],
      ['Poivron rouge, cru', 119],
      ['Pomme, chair et peau, crue', 182],
      ['Banane, chair sans peau, crue', 118],
      ['Poireau, cru', 89],
    ];
    for (const [name, grams] of expected) expect(defaultsOf(name).gramsPerUnit, name).toBe(grams);
    // « Poireau » is no pear, « Pomme de terre » no apple, purée no piece.
    expect(defaultsOf('Poire, chair et peau, crue').gramsPerUnit).toBe(178);
    expect(defaultsOf("Pomme de terre, bouillie/cuite à l'eau").gramsPerUnit).toBeNull();
    expect(defaultsOf('Tomate, purée, appertisée').gramsPerUnit).toBeNull();
    expect(defaultsOf('Ail séché, poudre').gramsPerUnit).toBeNull();
  });
});
