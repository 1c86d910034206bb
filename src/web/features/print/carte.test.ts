import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuSection } from '../../../shared/api/menus.ts';
import { buildCarte, type CarteRecipe } from './carte.ts';

const item = (id: string, name: string, patch: Partial<MenuItem> = {}): MenuItem => ({
  id,
  version: 1,
  name,
  description: '',
  price: 10,
  priceSource: 'item',
  labels: null,
  isAvailable: true,
  soldOut: false,
  translations: {},
  displayOrder: 0,
  photoUrl: null,
  photo: null,
  recipe: null,
  ...patch,
});
const section = (id: string, name: string, displayOrder: number, items: MenuItem[]): MenuSection => ({
  id,
  version: 1,
  name,
  description: '',
  translations: {},
  displayOrder,
  items,
});
const recipe = (id: string, patch: Partial<CarteRecipe> = {}): CarteRecipe => ({
  id,
  allergens: [],
  traces: [],
  allergenStatus: 'declared',
  homemade: false,
  meatOrigins: [],
  origins: [],
  meatOriginMissing: false,
  ...patch,
});
const recipeRef = (id: string) => ({
  id,
  name: id,
  description: '',
  price: null,
  caloriesPerServing: null,
  photoUrl: null,
  photo: null,
});

describe('buildCarte', () => {
  it('prints formules first, then available dishes by section with price, « fait maison », origins and allergens', () => {
    const sections = [
      section('s2', 'Plats', 1, [
        item('i3', 'Blanquette', { recipe: recipeRef('r1'), displayOrder: 1, price: 16.5 }),
        item('i4', 'Plat retiré', { isAvailable: false }),
        item('i5', 'Steak', { recipe: recipeRef('r2'), displayOrder: 0, price: null }),
      ]),
      section('s1', 'Entrées', 0, [
        item('i1', 'Café', { labels: { allergens: [], traces: [], dietaryInfo: [], allergenStatus: 'declared' } }),
      ]),
      section('s3', 'Vide', 2, [item('i6', 'Hors carte', { isAvailable: false })]),
    ];
    const recipes = [
      recipe('r1', {
        allergens: ['Lait'],
        traces: ['Céleri'],
        homemade: true,
        meatOrigins: [{ meat: 'Veau', born: 'France', reared: 'France', slaughtered: 'France' }],
      }),
      recipe('r2', {
        allergenStatus: 'unverified',
        meatOrigins: [{ meat: 'Bœuf', born: 'Irlande', reared: null, slaughtered: 'France' }],
        meatOriginMissing: true,
      }),
    ];
    const formules = [
      {
        id: 'f1',
        version: 1,
        name: 'Formule déjeuner',
        price: 18.5,
        choices: [
          ['s1', 's2'],
          ['s2', 'gone'],
        ],
        displayOrder: 0,
        translations: {},
      },
      { id: 'f2', version: 1, name: 'Sans section', price: 9, choices: [['gone']], displayOrder: 1, translations: {} },
    ];
    const carte = buildCarte(sections, recipes, formules);
    expect(carte.formules).toEqual([
      { id: 'f1', name: 'Formule déjeuner', price: 18.5, text: 'Entrées + Plats ou Plats' },
    ]);
    expect(carte.sections.map((s) => [s.name, s.dishes.map((d) => d.name)])).toEqual([
      ['Entrées', ['Café']],
      ['Plats', ['Steak', 'Blanquette']],
    ]);
    const blanquette = carte.sections[1]!.dishes[1]!;
    expect(blanquette).toMatchObject({
      price: 16.5,
      homemade: true,
      allergens: ['Lait'],
      traces: ['Céleri'],
      allergenStatus: 'declared',
      origins: ['Veau · Origine\u00a0: France'],
    });
    expect(carte.sections[1]!.dishes[0]).toMatchObject({ allergenStatus: 'unverified', origins: [] });
    expect(carte.unpriced).toEqual(['Steak']);
    expect(carte.originMissing).toEqual(['Steak']);
  });

  it('prints an undeclared meat’s origin from the products that agree on it, as the public page does', () => {
    const sections = [section('s', 'Plats', 0, [item('i1', 'Bœuf mode', { recipe: recipeRef('r1'), price: 19 })])];
    const origins = [
      { meatKind: 'bovine' as const, origin: 'France', sources: ['Paleron'] },
      { meatKind: 'porcine' as const, origin: 'Espagne', sources: ['Lard'] },
      { meatKind: 'porcine' as const, origin: 'France', sources: ['Couenne'] },
    ];
    const carte = buildCarte(sections, [recipe('r1', { origins, meatOriginMissing: true })], []);
    expect(carte.sections[0]!.dishes[0]!.origins).toEqual(['Viande bovine · Origine : France']);
    expect(carte.originMissing).toEqual(['Bœuf mode']);
  });
});
