import { Link } from 'react-router';
import { PREFETCHED_FRESH_MS } from '../../lib/queries.ts';
import { useRecipeCounts } from './api.ts';

const UNVERIFIED_FILTER = 'allergenes=non-verifies';

/** Dashboard: how many recipes still have an unconfirmed allergen list, and where to fix them. */
export function UnverifiedAllergensCard() {
  // The same queries as the dashboard's (use-dashboard-data.ts): fetched once, not again when
  // this card mounts after them.
  const counts = useRecipeCounts({ staleTime: PREFETCHED_FRESH_MS });
  if (!counts || counts.declared + counts.unverified === 0) return null;
  const count = counts.unverified;
  if (count === 0) {
    return (
      <section
        aria-label="Allergènes"
        className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
        data-testid="unverified-allergens"
      >
        Allergènes confirmés pour toutes vos recettes.
      </section>
    );
  }
  return (
    <section
      aria-label="Allergènes"
      className="flex flex-col gap-3 rounded-xl border border-orange-300 bg-orange-50 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="unverified-allergens"
    >
      <div>
        <h2 className="font-semibold text-orange-900">
          {count} recette{count > 1 ? 's' : ''} aux allergènes non vérifiés
        </h2>
        <p className="text-sm text-orange-900">
          Vos clients y lisent « Allergènes non renseignés : demandez au personnel ». Confirmez chaque liste.
        </p>
      </div>
      <Link
        to={`/recipes?${UNVERIFIED_FILTER}`}
        className="self-start font-semibold text-orange-900 underline underline-offset-2 sm:self-center"
      >
        Vérifier les allergènes
      </Link>
    </section>
  );
}
