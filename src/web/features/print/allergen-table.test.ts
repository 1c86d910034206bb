import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuSection } from '../../../shared/api/menus.ts';
import { ALLERGEN_NAMES } from '../../../shared/allergens.ts';
import { buildAllergenTable } from './allergen-table.ts';

const item = (id: string, displayOrder: number, recipeId: string | null, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  version: 1,
  name: `Plat ${id}`,
  description: '',
  price: 0,
  priceSource: 'item',
  labels: null,
  isAvailable: true,
  soldOut: false,
  translations: {},
  displayOrder,
  photoUrl: null,
  photo: null,
  recipe: recipeId
    ? {
        id: recipeId,
        name: `Plat ${id}`,
        description: '',
        price: null,
        caloriesPerServing: null,
        photoUrl: null,
        photo: null,
      }
    : null,
  ...extra,
});
const section = (id: string, displayOrder: number, items: MenuItem[]): MenuSection => ({
  id,
  version: 1,
  name: `Section ${id}`,
  description: '',
  translations: {},
  displayOrder,
  items,
});
const column = (name: string) => ALLERGEN_NAMES.indexOf(name);

describe('buildAllergenTable', () => {
  const recipes = [
    {
      id: 'r1',
      name: 'Plat a',
      allergens: ['Gluten', 'Œufs'],
      traces: ['Fruits à coque'],
      allergenStatus: 'declared' as const,
    },
    { id: 'r2', name: 'Salade maison', allergens: ['Moutarde'], traces: [], allergenStatus: 'declared' as const },
    { id: 'r3', name: 'Sorbet', allergens: [], traces: [], allergenStatus: 'declared' as const },
    { id: 'r4', name: 'Quiche', allergens: ['Gluten'], traces: [], allergenStatus: 'unverified' as const },
  ];

  it('names the meats’ known origins in the decree’s words; an unknown one is left out', () => {
    const withMeat = [
      {
        ...recipes[0]!,
        meatOrigins: [
          { meat: 'Bœuf' as const, born: 'Irlande', reared: 'Irlande', slaughtered: 'France' },
          { meat: 'Porc' as const, born: null, reared: null, slaughtered: 'France' },
        ],
      },
    ];
    const [group] = buildAllergenTable([section('s', 0, [item('a', 0, 'r1')])], withMeat);
    expect(group!.rows[0]!.origins).toEqual(['Bœuf · Né et élevé\u00a0: Irlande et abattu\u00a0: France']);
  });

  it('names an undeclared meat’s origin when all its products agree on it', () => {
    const fromProducts = [
      {
        ...recipes[0]!,
        origins: [{ meatKind: 'volaille' as const, origin: 'Élevé : Brésil ; Abattu : France', sources: ['Suprême'] }],
      },
    ];
    const [group] = buildAllergenTable([section('s', 0, [item('a', 0, 'r1')])], fromProducts);
    expect(group!.rows[0]!.origins).toEqual(['Volaille · Élevé\u00a0: Brésil et abattu\u00a0: France']);
  });

  it('marks each of the 14 allergens as contained, possible traces or absent', () => {
    const [group] = buildAllergenTable([section('s', 0, [item('a', 0, 'r1')])], recipes);
    const cells = group!.rows[0]!.cells!;
    expect(cells).toHaveLength(14);
    expect(cells[column('Gluten')]).toBe('contains');
    expect(cells[column('Œufs')]).toBe('contains');
    expect(cells[column('Fruits à coque')]).toBe('traces');
    expect(cells.filter((c) => c === 'none')).toHaveLength(11);
  });

  it('keeps display order, skips items without a recipe and empty sections, and keeps unavailable dishes', () => {
    const groups = buildAllergenTable(
      [
        section('later', 2, [item('c', 1, 'r1'), item('b', 0, 'r2', { name: 'Salade du jour', isAvailable: false })]),
        section('empty', 1, [item('x', 0, null)]),
        section('first', 0, [item('a', 0, 'r1')]),
      ],
      recipes,
    );
    expect(groups.map((g) => g.sectionId)).toEqual(['first', 'later']);
    expect(groups[1]!.rows.map((r) => [r.name, r.recipeName, r.available])).toEqual([
      ['Salade du jour', 'Salade maison', false],
      ['Plat c', 'Plat a', true],
    ]);
  });

  it('leaves the cells unknown when the recipe is missing from the list', () => {
    const [group] = buildAllergenTable([section('s', 0, [item('z', 0, 'gone')])], recipes);
    expect(group!.rows[0]!.cells).toBeNull();
    expect(group!.rows[0]!.status).toBe('unverified');
  });

  it('tells a declared list, a declared empty one and an unconfirmed one apart', () => {
    const [group] = buildAllergenTable(
      [section('s', 0, [item('a', 0, 'r1'), item('b', 1, 'r3'), item('c', 2, 'r4')])],
      recipes,
    );
    expect(group!.rows.map((r) => [r.recipeName ?? r.name, r.status, r.known])).toEqual([
      ['Plat a', 'declared', ['Gluten', 'Œufs']],
      ['Sorbet', 'none', []],
      ['Quiche', 'unverified', ['Gluten']],
    ]);
  });
});
