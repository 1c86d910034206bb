import { useState } from 'react';
import { Link } from 'react-router';
import { POPULATION_LABELS, POPULATIONS, type Population } from '../../../shared/catering/catering.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { useProduction } from './api.ts';
import { ProductionView } from './production-view.tsx';

const NONE: Record<Population, number> = { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 0 };
const field = 'mt-0.5 block h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-base sm:text-sm';

/**
 * « Fiche de production »: the day's dishes for the establishment's covers (its covers per
 * weekday, its age mix, its diet variants), or for covers typed here; printable.
 */
export function ProductionSheet({ establishmentId, date }: { establishmentId: string; date: string }) {
  const [day, setDay] = useState(date);
  const [typed, setTyped] = useState<Record<Population, number> | null>(null);
  const sheet = useProduction(establishmentId, day, typed);
  return (
    <TitledCard title="Fiche de production du jour">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_1fr] sm:items-end">
        <label className="text-sm font-medium text-stone-800">
          Jour
          <input className={field} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <div className="flex flex-wrap gap-2">
          <Link
            className={buttonClass('secondary', 'sm')}
            to={`/plans-de-menus/${establishmentId}/production?date=${day}`}
          >
            Imprimer la fiche
          </Link>
          <Link
            className={buttonClass('secondary', 'sm')}
            to={`/plans-de-menus/${establishmentId}/commandes?du=${day}`}
          >
            Liste de commandes
          </Link>
        </div>
      </div>
      <details
        className="text-sm"
        open={typed !== null}
        onToggle={(e) => setTyped(e.currentTarget.open ? (typed ?? NONE) : null)}
      >
        <summary className="cursor-pointer text-stone-700">Saisir d’autres couverts pour ce jour</summary>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {POPULATIONS.map((p) => (
            <label key={p} className="text-sm font-medium text-stone-800">
              {POPULATION_LABELS[p]}
              <input
                className={field}
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                value={typed?.[p] || ''}
                placeholder="0"
                onChange={(e) =>
                  setTyped({ ...(typed ?? NONE), [p]: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
                }
              />
            </label>
          ))}
        </div>
      </details>
      {sheet.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Erreur lors du calcul de la fiche.
        </p>
      ) : !sheet.data ? (
        <p className="text-sm text-stone-600">Calcul...</p>
      ) : (
        <ProductionView sheet={sheet.data} />
      )}
    </TitledCard>
  );
}
