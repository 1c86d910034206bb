import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../shared/allergens.ts';
import { matchOwnNames, type OwnNames } from './product-search.ts';

const names = (products: string[], recipes: string[]): OwnNames => ({
  products: products
    .map((name, i) => ({ id: `p${i}`, name, folded: foldText(name) }))
    .sort((a, b) => (a.folded < b.folded ? -1 : 1)),
  recipes: recipes.map((name, i) => ({ id: `r${i}`, name, folded: foldText(name) })),
});
const shown = (own: OwnNames, q: string, limit = 10) => {
  const { productIds, recipeIds } = matchOwnNames(own, q, limit);
  const byId = new Map([...own.products, ...own.recipes].map((row) => [row.id, row.name]));
  return [...productIds, ...recipeIds].map((id) => byId.get(id));
};

describe('matchOwnNames (the own ingredients a search shows)', () => {
  it('shows the names holding every word typed, accents and case folded: products first, the first word at the start first, then shorter names; then recipes in their order', () => {
    const own = names(
      ['Sauce tomate maison', 'Tomates cerises bio', 'Tomate', 'Crème fraîche'],
      ['Tarte à la TOMATE', 'Salade de tomates et mozzarella', 'Quiche'],
    );
    expect(shown(own, 'tomate')).toEqual([
      'Tomate',
      'Tomates cerises bio',
      'Sauce tomate maison',
      'Tarte à la TOMATE',
      'Salade de tomates et mozzarella',
    ]);
    expect(shown(own, 'TOMATE maison')).toEqual(['Sauce tomate maison']);
    expect(shown(own, 'creme fraiche')).toEqual(['Crème fraîche']);
    expect(shown(own, 'to')).toEqual([
      'Tomate',
      'Tomates cerises bio',
      'Sauce tomate maison',
      'Tarte à la TOMATE',
      'Salade de tomates et mozzarella',
    ]);
    expect(shown(own, '%_ ((')).toEqual([]);
  });

  it('shows at most `limit`, recipes only in the room the products leave', () => {
    const own = names(['Tomate', 'Tomates cerises'], ['Tarte à la tomate', 'Salade de tomates']);
    expect(shown(own, 'tomate', 1)).toEqual(['Tomate']);
    expect(shown(own, 'tomate', 3)).toEqual(['Tomate', 'Tomates cerises', 'Tarte à la tomate']);
  });

  it('shows exactly the names that hold every word, each once, within the limit', () => {
    const word = fc.constantFrom('tomate', 'crème', 'Bœuf', 'sel', 'à', 'ÉPICES', 'x');
    const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    fc.assert(
      fc.property(
        fc.array(name, { maxLength: 20 }),
        fc.array(name, { maxLength: 20 }),
        fc.array(word, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 50 }),
        (products, recipes, typed, limit) => {
          const own = names(products, recipes);
          const { productIds, recipeIds } = matchOwnNames(own, typed.join(' '), limit);
          const words = typed.map(foldText);
          const holds = (folded: string) => words.every((w) => folded.includes(w));
          const expectedProducts = own.products.filter((row) => holds(row.folded)).map((row) => row.id);
          expect(productIds.length).toBe(Math.min(limit, expectedProducts.length));
          expect(recipeIds).toEqual(
            own.recipes
              .filter((row) => holds(row.folded))
              .map((row) => row.id)
              .slice(0, limit - productIds.length),
          );
          expect(new Set(productIds).size).toBe(productIds.length);
          for (const id of productIds) expect(expectedProducts).toContain(id);
        },
      ),
    );
  });
});
