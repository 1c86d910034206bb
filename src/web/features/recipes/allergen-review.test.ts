import { describe, expect, it } from 'vitest';
import { ingredientsKey, pendingSuggestions } from './allergen-review.ts';

const PATE = 'Pâte brisée';
const suggestions = [
  { allergen: 'Gluten', sources: [PATE] },
  { allergen: 'Œufs', sources: ['Oeuf cru'] },
  { allergen: 'Lait', sources: [PATE, 'Gruyère'] },
];
const names = (list: { allergen: string }[]) => list.map((s) => s.allergen);

describe('allergen review of the form', () => {
  it('keeps every suggestion pending until it is added (contains or traces) or dismissed', () => {
    expect(names(pendingSuggestions(suggestions, [], [], {}))).toEqual(['Gluten', 'Œufs', 'Lait']);
    expect(names(pendingSuggestions(suggestions, ['Gluten'], ['Œufs'], {}))).toEqual(['Lait']);
    expect(names(pendingSuggestions(suggestions, ['Gluten'], ['Œufs'], { Lait: [PATE, 'Gruyère'] }))).toEqual([]);
  });

  it('asks again when a new ingredient implies an allergen dismissed for other ones', () => {
    const withCream = [...suggestions.slice(0, 2), { allergen: 'Lait', sources: [PATE, 'Gruyère', 'Crème'] }];
    expect(names(pendingSuggestions(withCream, ['Gluten', 'Œufs'], [], { Lait: [PATE, 'Gruyère'] }))).toEqual(['Lait']);
  });

  it('ties a confirmation to the set of ingredients, whatever their order', () => {
    expect(ingredientsKey(['23414', '22000'])).toBe(ingredientsKey(['22000', '23414']));
    expect(ingredientsKey(['23414', '22000'])).not.toBe(ingredientsKey(['23414', '22000', '11013']));
  });
});
