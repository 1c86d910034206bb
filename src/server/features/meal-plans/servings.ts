import { POPULATIONS, type Population, type Service, type Slot } from '../../../shared/catering/catering.ts';
import { closureOn, type CalendarContext } from '../../../shared/catering/calendar.ts';
import {
  dietProblem,
  isTexture,
  servedVariants,
  variantLabel,
  type DietCounts,
  type Variant,
} from '../../../shared/catering/diets.ts';
import { coversOn, splitCovers, type CoversByService } from '../../../shared/catering/establishment.ts';
import { coverPortion, type PortionGrid } from '../../../shared/catering/portions.ts';
import { dietFacts, type Dish } from './dishes.ts';
import type { EntryRow, SubstituteRow } from './plan-rows.ts';

/**
 * Who eats what on a planned day (docs/product/meal-plans.md « Diet variants »): the day's
 * covers, spread over the populations by the establishment's age mix; each variant's covers
 * move to its substitute dish, stay on the planned dish when it suits them (or when the
 * variant is a texture, made from the same dish), and are named in a warning otherwise.
 * The production sheet, the order list and the « ma cantine » estimate all read this.
 */
export interface ServedDish {
  date: string;
  service: Service;
  slot: Slot;
  dish: Dish;
  variant: Variant | null;
  covers: Record<Population, number>;
  total: number;
  /** Recipe batches to make: covers × the grammage's share of a recipe portion ÷ servings. */
  batches: number;
}

export interface ServingsContext {
  dishes: ReadonlyMap<string, Dish>;
  grid: PortionGrid;
  ageMix: Record<Population, number>;
  covers: CoversByService;
  diets: DietCounts;
  calendar: CalendarContext | null;
  /** Covers typed on the production sheet, for every service of its day. */
  typed?: Record<Population, number>;
}

const DAY = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const totalOf = (covers: Record<Population, number>) => POPULATIONS.reduce((s, p) => s + covers[p], 0);

function served(
  entry: EntryRow,
  dish: Dish,
  variant: Variant | null,
  covers: Record<Population, number>,
  ctx: ServingsContext,
): ServedDish {
  const portions = POPULATIONS.reduce(
    (sum, p) => sum + covers[p] * coverPortion(ctx.grid, entry.slot, p, dish.profile).factor,
    0,
  );
  return {
    date: entry.date,
    service: entry.service,
    slot: entry.slot,
    dish,
    variant,
    covers,
    total: totalOf(covers),
    batches: portions / Math.max(1, dish.servings),
  };
}

/** Every planned dish of `entries` with the covers that eat it, substitutes included, and what is left unsolved. */
export function servedDishes(
  entries: readonly EntryRow[],
  substitutes: readonly SubstituteRow[],
  ctx: ServingsContext,
): { served: ServedDish[]; warnings: string[] } {
  const out: ServedDish[] = [];
  const warnings: string[] = [];
  for (const entry of entries) {
    const dish = ctx.dishes.get(entry.recipe_id);
    if (!dish) continue;
    if (ctx.calendar && !ctx.typed && closureOn(entry.date, entry.service, ctx.calendar)) continue;
    const day = ctx.typed ?? splitCovers(coversOn(ctx.covers, entry.service, entry.date), ctx.ageMix);
    let main = totalOf(day);
    const moved: { variant: Variant; count: number; dish: Dish }[] = [];
    for (const { variant, count } of servedVariants(ctx.diets, entry.service)) {
      if (isTexture(variant) || main <= 0) continue;
      const substitute = substitutes.find(
        (s) => s.date === entry.date && s.service === entry.service && s.slot === entry.slot && s.variant === variant,
      );
      const other = substitute ? ctx.dishes.get(substitute.recipe_id) : undefined;
      if (other) {
        const n = Math.min(count, main);
        moved.push({ variant, count: n, dish: other });
        main -= n;
        continue;
      }
      const problem = dietProblem(variant, dietFacts(dish));
      if (problem)
        warnings.push(
          `${count} convive${count > 1 ? 's' : ''} «\u00a0${variantLabel(variant)}\u00a0» sans plat de substitution pour ${dish.name} (${problem}), ${DAY.format(new Date(`${entry.date}T00:00:00Z`))}`,
        );
    }
    const mainCovers = main === totalOf(day) ? day : splitCovers(main, day);
    out.push(served(entry, dish, null, mainCovers, ctx));
    for (const m of moved) out.push(served(entry, m.dish, m.variant, splitCovers(m.count, day), ctx));
  }
  return { served: out, warnings };
}
