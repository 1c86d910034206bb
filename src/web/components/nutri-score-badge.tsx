import type { RecipeNutriScore } from '../../shared/recipe-nutrition.ts';
import { cn } from '../lib/cn.ts';

const COLORS = { A: 'bg-[#038141] text-white', B: 'bg-[#85bb2f] text-stone-900', C: 'bg-[#fecb02] text-stone-900', D: 'bg-[#ee8100] text-stone-900', E: 'bg-[#e63e11] text-white' } as const;

/** The Nutri-Score letter of a recipe, or nothing when it cannot be computed. */
export function NutriScoreBadge({ value, className }: { value: RecipeNutriScore; className?: string }) {
  if (!value.available) return null;
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold', COLORS[value.letter], className)}
      aria-label={`Nutri-Score ${value.letter}`}
      data-testid="nutri-score"
    >
      Nutri-Score {value.letter}
    </span>
  );
}
