import type { RecipeNutriScore } from '../../shared/recipe-nutrition.ts';
import type { NutriScoreLetter } from '../../shared/nutriscore.ts';
import { cn } from '../lib/cn.ts';
import { NUTRISCORE_CATEGORY_LABELS } from '../../shared/nutri-score-labels.ts';

/** The official colours of the scale (docs/product/nutri-score.md); dark letters where white would not read. */
const COLORS: Record<NutriScoreLetter, string> = {
  A: 'bg-[#038141] text-white',
  B: 'bg-[#85BB2F] text-stone-900',
  C: 'bg-[#FECB02] text-stone-900',
  D: 'bg-[#EE8100] text-stone-900',
  E: 'bg-[#E63E11] text-white',
};
/** A to E (the type-only import keeps the grade's computation, ../../shared/nutriscore.ts, out of the page). */
const LETTERS = Object.keys(COLORS) as NutriScoreLetter[];

/** The five letters in their colours, the recipe's one enlarged. */
export function NutriScoreScale({ letter, className }: { letter: NutriScoreLetter; className?: string }) {
  return (
    <div
      role="img"
      aria-label={`Nutri-Score ${letter}`}
      data-testid="nutri-score"
      data-letter={letter}
      className={cn('inline-flex items-center gap-2', className)}
    >
      <span aria-hidden="true" className="text-[10px] font-bold uppercase tracking-wide text-stone-600">
        Nutri-Score
      </span>
      <span aria-hidden="true" className="inline-flex items-center">
        {LETTERS.map((l, i) => (
          <span
            key={l}
            className={cn(
              'inline-flex items-center justify-center font-bold',
              COLORS[l],
              l === letter
                ? 'relative z-10 -mx-0.5 h-8 w-7 rounded-md text-lg shadow ring-2 ring-white'
                : 'h-6 w-5 text-xs',
              l !== letter && i === 0 && 'rounded-l-md',
              l !== letter && i === LETTERS.length - 1 && 'rounded-r-md',
            )}
          >
            {l}
          </span>
        ))}
      </span>
    </div>
  );
}

/** « Tableau des boissons » and why, under a grade: the table used is part of the grade (docs/product/decisions.md 22). */
export function NutriScoreTable({ value, reason = true }: { value: RecipeNutriScore; reason?: boolean }) {
  // A grade stored before the tables existed has none: the next start recomputes it (facts version).
  if (!value.category) return null;
  return (
    <p className="text-xs text-stone-600" data-testid="nutri-score-table" data-category={value.category}>
      Tableau des {NUTRISCORE_CATEGORY_LABELS[value.category]}
      {reason && value.categoryReason ? ` · ${value.categoryReason}` : ''}
    </p>
  );
}

/** The scale when the grade is computed, else which values are missing (never silently nothing), and the table used. */
export function NutriScoreInfo({ value, className }: { value: RecipeNutriScore; className?: string }) {
  if (value.available)
    return (
      <div className={cn('space-y-1', className)}>
        <NutriScoreScale letter={value.letter} />
        <NutriScoreTable value={value} />
      </div>
    );
  return (
    <div className={cn('space-y-1', className)}>
      <p className="text-xs text-orange-800" data-testid="nutri-score-reason">
        <strong>Nutri-Score non calculé</strong> : {value.reason}
      </p>
      <NutriScoreTable value={value} />
    </div>
  );
}
