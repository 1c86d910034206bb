import type { CateringTag } from './catering.ts';
import type { DishProfile } from './dish-profile.ts';

const NO_SHARES: DishProfile['shares'] = {
  vegetables: 0,
  rawProduce: 0,
  fruit: 0,
  rawFruit: 0,
  fish: 0,
  meatFishEgg: 0,
  starches: 0,
  cheese: 0,
  dairy: 0,
  pastry: 0,
  fried: 0,
  wholeRedMeat: 0,
};

/** A hand-written dish profile for the unit tests of the grid (values per portion). */
export function dish(
  name: string,
  values: Partial<Omit<DishProfile, 'shares' | 'tags' | 'excluded'>> & {
    shares?: Partial<DishProfile['shares']>;
    tags?: CateringTag[];
    excluded?: CateringTag[];
  } = {},
): DishProfile {
  return {
    recipeId: name,
    name,
    portionGrams: 100,
    cooked: null,
    fatPercent: 0,
    fatPerPortion: 0,
    proteinPerPortion: 0,
    sugarsPerPortion: 0,
    calciumPerPortion: 0,
    vegetarian: true,
    meat: false,
    pork: false,
    unknownMake: false,
    main: {},
    ...values,
    tags: values.tags ?? [],
    excluded: values.excluded ?? [],
    shares: { ...NO_SHARES, ...values.shares },
  };
}
