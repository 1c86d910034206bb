import type { AllergenSuggestion } from '../../../shared/recipe-facts.ts';

const listed = (items: AllergenSuggestion[]) => items.map((i) => `${i.allergen} (${i.sources.join(', ')})`).join(', ');

/**
 * What the recipe's own products state on their labels (docs/product/products.md « Allergens »):
 * facts added to the recipe's lists whatever the owner ticks, so shown apart, not as a suggestion.
 */
export function ProductAllergens({
  contains,
  traces,
}: {
  contains: AllergenSuggestion[];
  traces: AllergenSuggestion[];
}) {
  if (contains.length === 0 && traces.length === 0) return null;
  return (
    <div
      className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
      aria-label="Allergènes de vos produits"
    >
      <p className="font-medium">D’après les étiquettes de vos produits</p>
      {contains.length > 0 && <p>Contient : {listed(contains)}</p>}
      {traces.length > 0 && <p>Peut contenir : {listed(traces)}</p>}
    </div>
  );
}
