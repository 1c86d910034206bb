import { describe, expect, it } from 'vitest';
import type { MeatKind } from './api/products.ts';
import { declarationFromProducts, dinerMeatOrigins, unresolvedKinds } from './diner-meat-origins.ts';
import { mergeOrigins, type ProductOrigin } from './product-origins.ts';

const p = (meatKind: MeatKind, origin: string | null, source = 'Produit'): ProductOrigin => ({
  meatKind,
  origin,
  sources: [source],
});
const stages = 'Né\u00a0: Irlande ; Élevé\u00a0: France ; Abattu\u00a0: France';

describe('meat origins diners read, from the recipe or its products', () => {
  it('takes an undeclared kind’s origin from its products in the decree’s words', () => {
    expect(dinerMeatOrigins([], [p('bovine', 'France')])).toMatchObject([
      { meat: 'Viande bovine', text: 'Origine\u00a0: France' },
    ]);
    expect(dinerMeatOrigins([], [p('bovine', stages)])).toMatchObject([
      { meat: 'Viande bovine', text: 'Né et élevé\u00a0: Irlande, France et abattu\u00a0: France' },
    ]);
    expect(dinerMeatOrigins([], [p('porcine', 'Élevé : Espagne ; Abattu : France')])).toMatchObject([
      { meat: 'Porc', text: 'Élevé\u00a0: Espagne et abattu\u00a0: France' },
    ]);
    expect(unresolvedKinds([p('bovine', 'France')], [])).toEqual([]);
  });

  it('shows nothing when products disagree or a stage is unknown, and the kind stays flagged', () => {
    const disagree = [p('volaille', 'France', 'Suprême'), p('volaille', 'Brésil', 'Cuisse')];
    expect(dinerMeatOrigins([], disagree)).toEqual([]);
    expect(unresolvedKinds(disagree, [])).toEqual(['volaille']);
    // Beef needs its birth country; pork does not.
    const incomplete = [
      p('bovine', 'Élevé : France ; Abattu : France'),
      p('porcine', 'Élevé : France ; Abattu : France'),
      p('ovine', null),
    ];
    expect(dinerMeatOrigins([], incomplete)).toMatchObject([{ meat: 'Porc', text: 'Origine\u00a0: France' }]);
    expect(unresolvedKinds(incomplete, [])).toEqual(['bovine', 'ovine']);
  });

  it('agrees across a sub-recipe’s products, one country meeting the same stages written out', () => {
    const subRecipe = mergeOrigins([[p('bovine', 'Né : France ; Élevé : France ; Abattu : France', 'Fond brun')]]);
    const recipe = mergeOrigins([[p('bovine', 'France', 'Paleron')], subRecipe]);
    expect(dinerMeatOrigins([], recipe)).toMatchObject([{ meat: 'Viande bovine', text: 'Origine\u00a0: France' }]);
    const deeper = mergeOrigins([recipe, mergeOrigins([[p('bovine', 'Irlande', 'Joue')]])]);
    expect(dinerMeatOrigins([], deeper)).toEqual([]);
  });

  it('a declaration wins, even an incomplete one', () => {
    const declared = [{ meat: 'Veau' as const, born: 'Pays-Bas', reared: 'Pays-Bas', slaughtered: 'France' }];
    expect(dinerMeatOrigins(declared, [p('bovine', 'France')])).toMatchObject([
      { meat: 'Veau', text: 'Né et élevé\u00a0: Pays-Bas et abattu\u00a0: France' },
    ]);
    const incomplete = [{ meat: 'Bœuf' as const, born: null, reared: 'France', slaughtered: 'France' }];
    expect(dinerMeatOrigins(incomplete, [p('bovine', 'France')])).toEqual([]);
  });

  it('fills the declaration from the products, keeping a declared meat’s name and leaving disputed stages empty', () => {
    const products = [
      p('bovine', 'France'),
      p('volaille', 'Élevé : France ; Abattu : France'),
      p('volaille', 'Élevé : Brésil ; Abattu : France'),
    ];
    const declared = [
      { meat: 'Veau' as const, born: null, reared: null, slaughtered: null },
      { meat: 'Agneau' as const, born: null, reared: 'France', slaughtered: 'France' },
    ];
    expect(declarationFromProducts(products, declared)).toEqual([
      { meat: 'Veau', born: 'France', reared: 'France', slaughtered: 'France' },
      { meat: 'Agneau', born: null, reared: 'France', slaughtered: 'France' },
      { meat: 'Volaille', born: null, reared: null, slaughtered: 'France' },
    ]);
  });
});
