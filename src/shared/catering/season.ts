/**
 * « De saison » (code rural, art. D. 230-26: seasonal products are among what collective
 * catering favours; docs/product/meal-plans.md): a dish is in season when its owner ticked it,
 * or when every product of it that has months of season is in season that month (and it has at
 * least one). A product without months says nothing either way.
 */
export function inSeason(tick: boolean, produceMonths: readonly (readonly number[])[], month: number): boolean {
  if (tick) return true;
  return produceMonths.length > 0 && produceMonths.every((months) => months.includes(month));
}
