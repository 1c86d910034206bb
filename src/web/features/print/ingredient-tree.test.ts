import { describe, expect, it } from 'vitest';
import type { Recipe, RecipeIngredient } from '../../../shared/api/recipes.ts';
import { ingredientTree } from './ingredient-tree.ts';

const line = (
  id: string,
  name: string,
  quantity: number,
  unit: RecipeIngredient['unit'],
  extra: Partial<RecipeIngredient> = {},
) => ({ id, name, quantity, unit, gramsPerUnit: null, gramsPerMl: null, recipeId: null, ...extra }) as RecipeIngredient;
const recipe = (id: string, yieldGrams: number, ingredients: RecipeIngredient[]) =>
  ({ id, name: id, yieldGrams, ingredients }) as unknown as Recipe;

describe('ingredientTree', () => {
  // Pâte brisée: 250 g flour + 125 g butter, 300 g once baked (20 % loss), 6 portions.
  const pastry = recipe('pate', 300, [line('f', 'Farine', 250, 'g'), line('b', 'Beurre', 125, 'g')]);
  const quiche = recipe('quiche', 900, [
    line('p', 'Pâte brisée maison', 150, 'g', { recipeId: 'pate' }),
    line('o', 'Œufs', 3, 'unité', { gramsPerUnit: 50 }),
  ]);

  it('puts a sub-recipe’s lines under it, indented, scaled to the share used (150 g of 300 g: half)', () => {
    const rows = ingredientTree(quiche, new Map([['pate', pastry]]));
    expect(rows.map((r) => [r.line.name, r.depth, r.quantity, r.grams])).toEqual([
      ['Pâte brisée maison', 0, 150, 150],
      ['Farine', 1, 125, 125],
      ['Beurre', 1, 62.5, 62.5],
      ['Œufs', 0, 3, 150],
    ]);
  });

  it('by portion, at three levels, and never loops on a recipe already on the path', () => {
    const byPortion = recipe('quiche2', 450, [
      line('p', 'Pâte brisée maison', 2, 'portion', { recipeId: 'pate', gramsPerPortion: 50 }),
    ]);
    const buffet = recipe('buffet', 900, [
      line('q', 'Quiche', 450, 'g', { recipeId: 'quiche2' }),
      line('x', 'Boucle', 10, 'g', { recipeId: 'buffet' }),
    ]);
    const rows = ingredientTree(
      buffet,
      new Map([
        ['pate', pastry],
        ['quiche2', byPortion],
        ['buffet', buffet],
      ]),
    );
    expect(rows.map((r) => [r.line.name, r.depth, r.grams])).toEqual([
      ['Quiche', 0, 450],
      ['Pâte brisée maison', 1, 100],
      ['Farine', 2, 250 / 3],
      ['Beurre', 2, 125 / 3],
      ['Boucle', 0, 10],
    ]);
  });
});
