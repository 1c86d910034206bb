import { useId } from 'react';
import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import { AllergenChips } from '../../components/allergen-chips.tsx';
import { AllergenSuggestions } from './allergen-suggestions.tsx';
import type { AllergenReview } from './use-allergen-review.ts';

/** « Allergènes »: suggestions to answer, the 14 chips, and the owner's confirmation. */
export function AllergenDeclaration({ review }: { review: AllergenReview }) {
  const confirmId = useId();
  const hintId = useId();
  const waiting = review.pending.length > 0;
  const empty = review.contains.length === 0 && review.traces.length === 0;
  return (
    // A group, not a second « Allergènes » region inside the form's step of that name (axe landmark-unique).
    <div
      role="group"
      className="space-y-3 rounded-lg border border-stone-200 p-3"
      aria-labelledby={`${confirmId}-title`}
    >
      <h4 id={`${confirmId}-title`} className="text-sm font-semibold text-stone-900">
        Allergènes
      </h4>
      <AllergenSuggestions suggestions={review.pending} onAdd={review.add} onDismiss={review.dismiss} />
      <AllergenChips contains={review.contains} traces={review.traces} onChange={review.setLists} />
      <div className={review.confirmed ? 'rounded-md bg-brand-50 p-2' : 'rounded-md bg-orange-50 p-2'}>
        <label htmlFor={confirmId} className="flex items-start gap-2 text-sm font-medium">
          <input
            id={confirmId}
            type="checkbox"
            className="mt-0.5 accent-brand-700"
            checked={review.confirmed}
            disabled={waiting}
            aria-describedby={hintId}
            onChange={(event) => review.setConfirmed(event.target.checked)}
          />
          Je confirme la liste des allergènes
        </label>
        <p id={hintId} className="mt-1 text-xs text-stone-700" data-testid="allergen-confirm-hint">
          {waiting
            ? 'Répondez d’abord à chaque suggestion (Ajouter ou Ignorer).'
            : review.ingredientsChanged && !review.confirmed
              ? 'Les ingrédients ont changé : vérifiez la liste, puis confirmez-la à nouveau.'
              : review.confirmed && empty
                ? `Vos clients liront «\u00a0${ALLERGEN_STATEMENTS.none}\u00a0».`
                : review.confirmed
                  ? 'Liste confirmée.'
                  : 'Cochez une fois la liste vérifiée ; elle peut être vide si la recette ne contient aucun des 14 allergènes.'}
        </p>
      </div>
    </div>
  );
}
