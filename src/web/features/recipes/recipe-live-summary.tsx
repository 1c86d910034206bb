import type { ReactNode } from 'react';

/**
 * The side column of the recipe form (docs/decisions/0025): what the recipe amounts to so far, in view
 * while the steps scroll on a wide screen. `nutrition` is the live per-serving summary;
 * the costs' live figures join it here.
 */
export function RecipeLiveSummary({
  lineCount,
  nutrition,
  children,
}: {
  lineCount: number;
  nutrition: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-3 text-sm shadow-sm"
      data-testid="recipe-live-summary"
    >
      <p className="font-semibold text-stone-800">
        {lineCount === 0
          ? 'Aucun ingrédient pour l’instant'
          : lineCount === 1
            ? '1 ingrédient'
            : `${lineCount} ingrédients`}
      </p>
      {nutrition ?? <p className="text-stone-600">Les valeurs par portion s’affichent dès le premier ingrédient.</p>}
      {children}
    </div>
  );
}
