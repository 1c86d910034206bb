import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuSection } from '../../../shared/api/menus.ts';
import { dragId } from './drag-rows.ts';
import { dropTarget } from './drop-target.ts';
import { applyMove } from './apply-move.ts';

const item = (id: string, displayOrder: number) => ({ id, displayOrder, name: id }) as MenuItem;
const section = (id: string, displayOrder: number, items: MenuItem[]) =>
  ({ id, name: id, description: '', displayOrder, items }) as MenuSection;
// Given out of order on purpose: the server's displayOrder decides.
const sections = [
  section('plats', 1, [item('b', 1), item('a', 0)]),
  section('entrees', 0, [item('c', 0)]),
  section('desserts', 2, []),
];

describe('dropTarget', () => {
  it('moves a section to the place of the section it is dropped on', () => {
    expect(dropTarget(sections, dragId.section('desserts'), dragId.section('entrees'))).toEqual({
      kind: 'section',
      id: 'desserts',
      position: 0,
    });
    expect(dropTarget(sections, dragId.section('entrees'), dragId.section('plats'))).toEqual({
      kind: 'section',
      id: 'entrees',
      position: 1,
    });
  });

  it('moves an item within its section', () => {
    expect(dropTarget(sections, dragId.item('a'), dragId.item('b'))).toEqual({
      kind: 'item',
      id: 'a',
      sectionId: 'plats',
      position: 1,
    });
  });

  it('moves an item into another section, in the place of the row it is over, or into an empty section', () => {
    expect(dropTarget(sections, dragId.item('b'), dragId.item('c'))).toEqual({
      kind: 'item',
      id: 'b',
      sectionId: 'plats',
      toSectionId: 'entrees',
      position: 0,
    });
    expect(dropTarget(sections, dragId.item('c'), dragId.item('b'))).toEqual({
      kind: 'item',
      id: 'c',
      sectionId: 'entrees',
      toSectionId: 'plats',
      position: 1,
    });
    expect(dropTarget(sections, dragId.item('c'), dragId.emptySection('desserts'))).toEqual({
      kind: 'item',
      id: 'c',
      sectionId: 'entrees',
      toSectionId: 'desserts',
      position: 0,
    });
  });

  it('asks for nothing when dropped on itself, outside, or on the other kind', () => {
    expect(dropTarget(sections, dragId.item('a'), dragId.item('a'))).toBeNull();
    expect(dropTarget(sections, dragId.item('a'), undefined)).toBeNull();
    expect(dropTarget(sections, dragId.section('plats'), dragId.item('c'))).toBeNull();
    expect(dropTarget(sections, dragId.item('a'), dragId.section('entrees'))).toBeNull();
    expect(dropTarget(sections, 'nimporte', dragId.item('c'))).toBeNull();
  });
});

describe('applyMove (the optimistic list, like the server answers)', () => {
  it('moves an item into another section and renumbers both', () => {
    const next = applyMove(sections, {
      kind: 'item',
      id: 'a',
      sectionId: 'plats',
      toSectionId: 'entrees',
      position: 1,
    });
    const byId = Object.fromEntries(next.map((s) => [s.id, s.items.map((i) => [i.id, i.displayOrder])]));
    expect(byId).toEqual({
      plats: [['b', 0]],
      entrees: [
        ['c', 0],
        ['a', 1],
      ],
      desserts: [],
    });
  });

  it('moves a section or an item within its list', () => {
    expect(
      applyMove(sections, { kind: 'section', id: 'desserts', position: 0 }).map((s) => [s.id, s.displayOrder]),
    ).toEqual([
      ['desserts', 0],
      ['entrees', 1],
      ['plats', 2],
    ]);
    const within = applyMove(sections, { kind: 'item', id: 'b', sectionId: 'plats', position: 0 });
    expect(within.find((s) => s.id === 'plats')!.items.map((i) => [i.id, i.displayOrder])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
  });
});
