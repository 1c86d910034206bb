import { describe, expect, it } from 'vitest';
import { NBSP } from '../typography.ts';
import { line, recipe } from './test-recipes.ts';
import { orderIngredients, type LabelRecipeInput } from './ingredient-list.ts';
import { headWords, namedInDenomination, quidOf, quidText } from './quid.ts';

const names = (r: LabelRecipeInput) => new Map(r.lines.map((l) => [l.key, l.name]));

describe('QUID (article 22, annex VIII)', () => {
  const pastry = recipe([line('food:flour', 'farine de blé', 250), line('food:butter', 'beurre', 125)]);
  const quiche = recipe([
    line('recipe:pastry', 'pâte brisée', 375, { recipe: pastry }),
    line('food:eggs', 'œufs', 200),
    line('food:cream', 'crème fraîche', 305),
    line('food:salmon', 'saumon fumé', 120),
  ]);

  it('finds the ingredients a denomination names, by the head of their name', () => {
    const nodes = orderIngredients(quiche).nodes;
    expect(namedInDenomination('Quiche au saumon', nodes)).toEqual(['food:salmon']);
    expect(namedInDenomination('Quiche saumon et crème', nodes)).toEqual(['food:cream', 'food:salmon']);
    // « fumé » qualifies, it names nothing.
    expect(namedInDenomination('Truite fumée', nodes)).toEqual([]);
    expect(headWords('Jus de citron jaune')).toEqual(['ju', 'citron']);
    expect(headWords('Filets de maquereaux')).toEqual(['filet', 'maquereau']);
  });

  it('prefers the ingredient inside a compound to the compound that holds it', () => {
    const lemonCream = recipe([line('food:juice', 'jus de citron', 100), line('food:sugar', 'sucre', 150)]);
    const tart = recipe([
      line('recipe:cream', 'crème au citron', 500, { recipe: lemonCream }),
      line('food:flour', 'farine', 300),
    ]);
    expect(namedInDenomination('Tarte au citron', orderIngredients(tart).nodes)).toEqual(['food:juice']);
  });

  it('gives the share of the finished product, through the sub-recipes', () => {
    // 1 000 g of quiche: salmon 12 %, butter 125 g of the 375 g pastry, all of it used: 12,5 %.
    expect(quidOf(quiche, ['food:salmon', 'food:butter'], names(quiche))).toEqual([
      { key: 'food:salmon', name: 'saumon fumé', percent: 12, text: `12${NBSP}%` },
      { key: 'food:butter', name: 'food:butter', percent: 12.5, text: `13${NBSP}%` },
    ]);
    // Half the pastry used: 62,5 g of butter in 812,5 g.
    const half = recipe([
      line('recipe:pastry', 'pâte brisée', 187.5, { recipe: pastry }),
      line('food:eggs', 'œufs', 625),
    ]);
    expect(quidOf(half, ['food:butter'], new Map())[0]!.percent).toBe(7.7);
  });

  it('relates the quantity used to the finished product after cooking, in grams per 100 g above 100 % (annex VIII 3(a))', () => {
    // 1 500 g of beef cooked down to 1 000 g of stew: 150 g of beef for 100 g.
    const stew = recipe([line('food:beef', 'bœuf', 1500), line('food:carrot', 'carottes', 300)], {
      cookedWeightG: 1000,
    });
    expect(quidOf(stew, ['food:beef', 'food:carrot'], names(stew))).toEqual([
      { key: 'food:beef', name: 'bœuf', percent: 150, text: `150${NBSP}g pour 100${NBSP}g` },
      { key: 'food:carrot', name: 'carottes', percent: 30, text: `30${NBSP}%` },
    ]);
  });

  it('writes small shares with one decimal', () => {
    expect(quidText(4.54)).toBe(`4,5${NBSP}%`);
    expect(quidText(12.4)).toBe(`12${NBSP}%`);
    expect(quidText(0.3)).toBe(`0,3${NBSP}%`);
  });
});
