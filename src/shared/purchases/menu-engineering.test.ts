import { describe, expect, it } from 'vitest';
import { classifyMenu } from './menu-engineering.ts';

describe('classifyMenu (Kasavana and Smith, 1982)', () => {
  it('classes four dishes, worked by hand: 70 % of an even share, margin against the average weighted by sales', () => {
    // 900 sold; an even share is 25 %, so popular from 17,5 %. Average margin (4 200 + 2 160 + 720 + 240) ÷ 900 = 8,13 €.
    const result = classifyMenu([
      { id: 'entrecôte', sold: 420, margin: 10 },
      { id: 'burger', sold: 360, margin: 6 },
      { id: 'turbot', sold: 60, margin: 12 },
      { id: 'quiche', sold: 60, margin: 4 },
    ]);
    expect(result.popularityThreshold).toBe(17.5);
    expect(result.averageMargin).toBe(8.13);
    expect(result.totalSold).toBe(900);
    expect(result.items).toEqual([
      { id: 'entrecôte', mix: 46.7, class: 'star' },
      { id: 'burger', mix: 40, class: 'plowhorse' },
      { id: 'turbot', mix: 6.7, class: 'puzzle' },
      { id: 'quiche', mix: 6.7, class: 'dog' },
    ]);
  });

  it('an item without a known margin is shown, not classed, and does not move the average', () => {
    const result = classifyMenu([
      { id: 'a', sold: 100, margin: 8 },
      { id: 'b', sold: 50, margin: 4 },
      { id: 'vin', sold: 150, margin: null },
    ]);
    expect(result.averageMargin).toBe(6.67);
    expect(result.items.map((i) => i.class)).toEqual(['star', 'dog', null]);
  });

  it('nothing sold: no class at all', () => {
    expect(classifyMenu([{ id: 'a', sold: 0, margin: 5 }]).items).toEqual([{ id: 'a', mix: 0, class: null }]);
  });
});
