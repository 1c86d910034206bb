import type { AllergenSuggestion } from '../../../shared/recipe-facts.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * Allergens implied by the ingredients (reviewed rules over Ciqual names and groups) that the
 * owner has not answered yet: each is added to « contient » or dismissed.
 */
export function AllergenSuggestions({
  suggestions,
  onAdd,
  onDismiss,
}: {
  suggestions: AllergenSuggestion[];
  onAdd: (allergen: string) => void;
  onDismiss: (allergen: string) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Allergènes suggérés"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p className="font-medium text-amber-900">Allergènes suggérés d’après les ingrédients — à confirmer :</p>
      <ul className="mt-2 space-y-2">
        {suggestions.map((s) => (
          <li key={s.allergen} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0">
              <strong>{s.allergen}</strong> <span className="text-stone-600">({s.sources.join(', ')})</span>
            </span>
            <span className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onAdd(s.allergen)}
                aria-label={`Ajouter l’allergène ${s.allergen}`}
              >
                Ajouter
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onDismiss(s.allergen)}
                aria-label={`Ignorer la suggestion ${s.allergen}`}
              >
                Ignorer
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
