import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { hitsJson } from './routes.ts';

describe('the search answer’s JSON, each hit written once', () => {
  it('is JSON.stringify({ hits }) to the byte, for any hits, asked once or again (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.object({ withNullPrototype: false }), { maxLength: 12 }), (objects) => {
        const hits = objects as unknown as IngredientHit[];
        const expected = JSON.stringify({ hits });
        expect(hitsJson(hits)).toBe(expected);
        // The second time from the kept texts, and a hit met in another order.
        expect(hitsJson(hits)).toBe(expected);
        expect(hitsJson([...hits].reverse())).toBe(JSON.stringify({ hits: [...hits].reverse() }));
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it('writes an empty list as the app always did', () => {
    expect(hitsJson([])).toBe('{"hits":[]}');
  });
});
