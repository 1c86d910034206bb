import { describe, expect, it } from 'vitest';
import { dashboardSummary, firstHourSteps, type DashboardData } from './first-hour.ts';

const empty: DashboardData = {
  recipes: { declared: 0, unverified: 0 },
  menus: [],
  sections: {},
  qrCodes: [],
  weekScans: 0,
};
const item = (price: number | null) => ({ price }) as never;
const done = (data: DashboardData) =>
  firstHourSteps(data)
    .filter((s) => s.done)
    .map((s) => s.id);

describe('firstHourSteps', () => {
  it('ticks nothing for a new organisation', () => {
    expect(done(empty)).toEqual([]);
  });

  it('ticks each step from the data only', () => {
    const data: DashboardData = {
      recipes: { declared: 1, unverified: 1 },
      menus: [{ id: 'm1', isActive: true }],
      sections: { m1: [{ items: [item(12)] }] },
      qrCodes: [{ status: 'active', scanCount: 0, menu: { id: 'm1', name: 'Midi' } }],
      weekScans: 0,
    };
    expect(done(data)).toEqual(['recipe', 'menu', 'qr']);
    expect(done({ ...data, qrCodes: [{ ...data.qrCodes[0]!, scanCount: 1 }] })).toEqual([
      'recipe',
      'menu',
      'qr',
      'card',
    ]);
  });

  it('does not count an unverified recipe, an empty or inactive menu, or an inactive code', () => {
    const data: DashboardData = {
      recipes: { declared: 0, unverified: 1 },
      menus: [
        { id: 'm1', isActive: true },
        { id: 'm2', isActive: false },
      ],
      sections: { m1: [{ items: [] }], m2: [{ items: [item(3)] }] },
      qrCodes: [{ status: 'inactive', scanCount: 0, menu: { id: 'm2', name: 'Soir' } }],
      weekScans: 0,
    };
    expect(done(data)).toEqual([]);
  });
});

describe('dashboardSummary', () => {
  it('counts unverified recipes, dishes without a price, active menus without a code, and the week’s scans', () => {
    const data: DashboardData = {
      recipes: { declared: 1, unverified: 2 },
      menus: [
        { id: 'm1', isActive: true },
        { id: 'm2', isActive: true },
        { id: 'm3', isActive: false },
      ],
      sections: { m1: [{ items: [item(null), item(9)] }, { items: [item(null)] }], m2: [{ items: [item(null)] }] },
      qrCodes: [{ status: 'active', scanCount: 4, menu: { id: 'm1', name: 'Midi' } }],
      weekScans: 4,
    };
    expect(dashboardSummary(data)).toEqual({
      unverifiedRecipes: 2,
      dishesWithoutPrice: 3,
      menusWithoutQr: 1,
      weekScans: 4,
    });
  });
});
