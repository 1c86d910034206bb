import { describe, expect, it } from 'vitest';
import { mergeOrigins, productOriginText, undeclaredKinds } from './product-origins.ts';

describe('product origins', () => {
  it('merges one entry per kind and country, sources joined, kinds in order', () => {
    const merged = mergeOrigins([
      [{ meatKind: 'volaille', origin: 'France', sources: ['Suprême'] }],
      [
        { meatKind: 'bovine', origin: 'Irlande', sources: ['Paleron'] },
        { meatKind: 'volaille', origin: 'France', sources: ['Cuisse', 'Suprême'] },
      ],
      [{ meatKind: 'bovine', origin: null, sources: ['Fond brun'] }],
    ]);
    expect(merged).toEqual([
      { meatKind: 'bovine', origin: null, sources: ['Fond brun'] },
      { meatKind: 'bovine', origin: 'Irlande', sources: ['Paleron'] },
      { meatKind: 'volaille', origin: 'France', sources: ['Suprême', 'Cuisse'] },
    ]);
    expect(productOriginText(merged[0]!)).toBe('Bovin\u00a0: origine non précisée (Fond brun)');
  });

  it('a kind no declared meat covers is flagged; Veau covers bovine', () => {
    const origins = [
      { meatKind: 'bovine' as const, origin: 'France', sources: ['Jarret'] },
      { meatKind: 'porcine' as const, origin: 'Espagne', sources: ['Lardons'] },
    ];
    expect(undeclaredKinds(origins, [])).toEqual(['bovine', 'porcine']);
    expect(
      undeclaredKinds(origins, [{ meat: 'Veau', born: 'France', reared: 'France', slaughtered: 'France' }]),
    ).toEqual(['porcine']);
  });
});
