import { useId } from 'react';
import { ALLERGEN_NAMES } from '../../shared/allergens.ts';
import { cn } from '../lib/cn.ts';

export type AllergenPresence = 'none' | 'contains' | 'traces';

const NEXT: Record<AllergenPresence, AllergenPresence> = { none: 'contains', contains: 'traces', traces: 'none' };
const STATE_TEXT: Record<AllergenPresence, string> = { none: 'absent', contains: 'contient', traces: 'traces' };
const STYLE: Record<AllergenPresence, string> = {
  none: 'border-stone-300 bg-white text-stone-700 hover:border-stone-500',
  contains: 'border-red-300 bg-red-100 text-red-900 font-semibold',
  traces: 'border-amber-300 bg-amber-100 text-amber-950',
};

function presenceOf(allergen: string, contains: readonly string[], traces: readonly string[]): AllergenPresence {
  return contains.includes(allergen) ? 'contains' : traces.includes(allergen) ? 'traces' : 'none';
}

/**
 * The 14 regulated allergens at once, as chips (none hidden behind typing). A touch moves a
 * chip from absent to « contient », then « peut contenir (traces) », then absent again: one
 * allergen is never in both lists.
 */
export function AllergenChips({
  contains,
  traces,
  onChange,
  listLabel = 'Allergènes de la recette',
}: {
  contains: readonly string[];
  traces: readonly string[];
  onChange: (next: { contains: string[]; traces: string[] }) => void;
  /** What the chips describe (a recipe, a product), for screen readers. */
  listLabel?: string;
}) {
  const hintId = useId();
  const cycle = (allergen: string) => {
    const next = NEXT[presenceOf(allergen, contains, traces)];
    const without = (list: readonly string[]) => list.filter((a) => a !== allergen);
    onChange({
      contains: next === 'contains' ? [...contains, allergen] : without(contains),
      traces: next === 'traces' ? [...traces, allergen] : without(traces),
    });
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">Les 14 allergènes réglementaires</legend>
      <p id={hintId} className="text-xs text-stone-600">
        {
          'Touchez un allergène : une fois « contient », deux fois « peut contenir (traces) », trois fois pour le retirer.'
        }
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label={listLabel}>
        {ALLERGEN_NAMES.map((allergen) => {
          const presence = presenceOf(allergen, contains, traces);
          return (
            <li key={allergen}>
              <button
                type="button"
                data-state={presence}
                aria-describedby={hintId}
                onClick={() => cycle(allergen)}
                className={cn(
                  'inline-flex min-h-8 items-center gap-1 rounded-full border px-2.5 py-1 text-xs',
                  STYLE[presence],
                )}
              >
                {presence === 'contains' && <span aria-hidden="true">●</span>}
                {presence === 'traces' && <span aria-hidden="true">○</span>}
                {allergen}
                <span className={presence === 'none' ? 'sr-only' : 'text-[10px] font-normal uppercase tracking-wide'}>
                  <span className="sr-only"> : </span>
                  {STATE_TEXT[presence]}
                  {presence === 'traces' && <span className="sr-only"> possibles</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
