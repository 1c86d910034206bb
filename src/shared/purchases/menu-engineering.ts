import type { EngineeringClass } from '../api/purchase-messages.ts';

/**
 * Menu engineering after Kasavana and Smith (« Menu Engineering: A Practical Guide to Menu
 * Analysis », 1982), as hospitality courses teach it:
 * - an item is popular when its share of the menu's sales (its « mix ») reaches 70 % of an
 *   even share (1 ÷ number of items);
 * - its contribution margin (price HT − food cost) is high when it reaches the menu's
 *   average margin weighted by the quantities sold;
 * - star: popular and high; plowhorse: popular and low; puzzle: unpopular and high; dog: neither.
 * An item without a margin (no price or an incomplete cost) is shown but not classed, and
 * does not move the average.
 */
export interface EngineeringInput {
  id: string;
  sold: number;
  /** Price HT − food cost per portion; null when unknown. */
  margin: number | null;
}
export interface EngineeringResult {
  id: string;
  /** Share of the menu's sales in %, one decimal. */
  mix: number;
  class: EngineeringClass | null;
}

const POPULARITY_FACTOR = 0.7;
const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export function classifyMenu(items: readonly EngineeringInput[]): {
  items: EngineeringResult[];
  /** In %: 70 % of an even share. */
  popularityThreshold: number;
  averageMargin: number | null;
  totalSold: number;
} {
  const totalSold = items.reduce((sum, i) => sum + Math.max(0, i.sold), 0);
  const threshold = items.length > 0 ? (100 / items.length) * POPULARITY_FACTOR : 0;
  const priced = items.filter((i) => i.margin !== null && i.sold > 0);
  const pricedSold = priced.reduce((sum, i) => sum + i.sold, 0);
  const averageMargin = pricedSold > 0 ? priced.reduce((sum, i) => sum + i.margin! * i.sold, 0) / pricedSold : null;
  return {
    popularityThreshold: round(threshold, 1),
    averageMargin: averageMargin === null ? null : round(averageMargin, 2),
    totalSold,
    items: items.map((item) => {
      const mix = totalSold > 0 ? (Math.max(0, item.sold) / totalSold) * 100 : 0;
      if (item.margin === null || averageMargin === null || totalSold === 0)
        return { id: item.id, mix: round(mix, 1), class: null };
      const popular = mix >= threshold;
      const profitable = item.margin >= averageMargin;
      const cls: EngineeringClass = popular ? (profitable ? 'star' : 'plowhorse') : profitable ? 'puzzle' : 'dog';
      return { id: item.id, mix: round(mix, 1), class: cls };
    }),
  };
}
