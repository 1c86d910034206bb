import { describe, expect, it } from 'vitest';
import type { PublicMenuRecipe } from '../../../shared/api/public-menu.ts';
import { parseAvoided } from '../../../shared/diner/allergens.ts';
import { filterVerdict } from './allergen-filter.ts';
import { localizeNumber } from './diner-view.ts';

const recipe = (patch: Partial<PublicMenuRecipe>): PublicMenuRecipe => ({
  caloriesPerServing: null,
  proteinPerServing: null,
  carbsPerServing: null,
  fatPerServing: null,
  allergens: [],
  allergenStatus: 'declared',
  traces: [],
  dietaryInfo: [],
  homemade: false,
  meatOrigins: [],
  nutriScore: null,
  ...patch,
});
const sans = (...slugs: string[]) => parseAvoided(slugs);

describe('the allergen filter’s verdict on a dish', () => {
  it('says nothing without a filter', () => {
    expect(filterVerdict({ recipe: recipe({ allergens: ['Gluten'] }) }, [])).toBeNull();
  });

  it('greys a dish containing an avoided allergen, naming it', () => {
    const verdict = filterVerdict(
      { recipe: recipe({ allergens: ['Gluten', 'Lait', 'Œufs'] }) },
      sans('gluten', 'lait'),
    );
    expect(verdict?.kind).toBe('contains');
    expect(verdict && 'allergens' in verdict ? verdict.allergens.map((a) => a.name) : []).toEqual(['Gluten', 'Lait']);
  });

  it('counts a listed allergen even while the list is unconfirmed', () => {
    expect(
      filterVerdict({ recipe: recipe({ allergens: ['Gluten'], allergenStatus: 'unverified' }) }, sans('gluten'))?.kind,
    ).toBe('contains');
  });

  it('warns of « peut contenir »', () => {
    expect(filterVerdict({ recipe: recipe({ traces: ['Fruits à coque'] }) }, sans('fruits-a-coque'))?.kind).toBe(
      'mayContain',
    );
  });

  it('flags a dish whose list is unverified, or that has no recipe', () => {
    expect(filterVerdict({ recipe: recipe({ allergenStatus: 'unverified' }) }, sans('lait'))?.kind).toBe('unverified');
    expect(filterVerdict({ recipe: null }, sans('lait'))?.kind).toBe('unverified');
  });

  it('leaves a declared dish without the avoided allergens alone', () => {
    expect(filterVerdict({ recipe: recipe({ allergens: ['Œufs'] }) }, sans('lait'))).toBeNull();
  });
});

describe('numbers in the diner’s language', () => {
  it('writes decimals and thousands as each language does', () => {
    expect(localizeNumber('6,3\u00a0g', 'fr')).toBe('6,3\u00a0g');
    expect(localizeNumber('6,3\u00a0g', 'en')).toBe('6.3\u00a0g');
    expect(localizeNumber('1\u202f234\u00a0kcal', 'en')).toBe('1,234\u00a0kcal');
    expect(localizeNumber('1\u202f234,5\u00a0g', 'de')).toBe('1.234,5\u00a0g');
  });
});
