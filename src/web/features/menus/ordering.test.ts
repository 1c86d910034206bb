import { describe, expect, it } from 'vitest';
import { moveInList } from './ordering.ts';
import { filterByText } from './text-filter.ts';

const rows = ['a', 'b', 'c'].map((id, displayOrder) => ({ id, displayOrder }));

describe('moveInList', () => {
  it('moves a row up or down and renumbers 0..n-1', () => {
    expect(moveInList(rows, 'c', 0)).toEqual([
      { id: 'c', displayOrder: 0 },
      { id: 'a', displayOrder: 1 },
      { id: 'b', displayOrder: 2 },
    ]);
    expect(moveInList(rows, 'a', 1).map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('clamps the position and ignores an unknown id', () => {
    expect(moveInList(rows, 'a', 99).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(moveInList(rows, 'zz', 0)).toEqual(rows);
  });
});

describe('filterByText (menu and recipe pickers)', () => {
  const menus = [
    { name: 'Menu du Midi', description: 'Entrée, plat, dessert' },
    { name: 'Carte du soir', description: 'Spécialités régionales' },
  ];

  it('matches name or description, ignoring case and accents', () => {
    expect(filterByText(menus, 'MIDI').map((m) => m.name)).toEqual(['Menu du Midi']);
    expect(filterByText(menus, 'specialites').map((m) => m.name)).toEqual(['Carte du soir']);
    expect(filterByText(menus, 'entree').map((m) => m.name)).toEqual(['Menu du Midi']);
  });

  it('keeps everything for a blank search and nothing for an unknown word', () => {
    expect(filterByText(menus, '  ')).toHaveLength(2);
    expect(filterByText(menus, 'pizza')).toEqual([]);
  });
});
