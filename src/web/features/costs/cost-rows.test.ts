import { describe, expect, it } from 'vitest';
import { sortCostRows, type CostRow } from './cost-rows.ts';

const row = (
  name: string,
  costPerServing: number | null,
  price: number | null,
  coefficient: number | null = null,
): CostRow => ({
  id: name,
  name,
  costPerServing,
  price,
  priceHt: null,
  foodCostPercent: null,
  coefficient,
  costMissing: costPerServing === null ? ['Sel'] : [],
  saleMode: 'sur_place',
  menuPrices: [],
});

describe('sortCostRows', () => {
  const rows = [
    row('Quiche', 0.39, 4.4, 10.3),
    row('Éclair', null, 3),
    row('bœuf braisé', 2.4, 13.2, 5),
    row('Agneau', 3.1, null),
  ];

  it('sorts numbers both ways with an unknown cost last either way', () => {
    expect(sortCostRows(rows, 'costPerServing', 'asc').map((r) => r.name)).toEqual([
      'Quiche',
      'bœuf braisé',
      'Agneau',
      'Éclair',
    ]);
    expect(sortCostRows(rows, 'costPerServing', 'desc').map((r) => r.name)).toEqual([
      'Agneau',
      'bœuf braisé',
      'Quiche',
      'Éclair',
    ]);
    expect(sortCostRows(rows, 'coefficient', 'desc').map((r) => r.name)).toEqual([
      'Quiche',
      'bœuf braisé',
      'Agneau',
      'Éclair',
    ]);
  });

  it('sorts names in French order (accents and case ignored) and incomplete costs first when asked', () => {
    expect(sortCostRows(rows, 'name', 'asc').map((r) => r.name)).toEqual(['Agneau', 'bœuf braisé', 'Éclair', 'Quiche']);
    expect(sortCostRows(rows, 'complete', 'asc')[0]!.name).toBe('Éclair');
  });
});
