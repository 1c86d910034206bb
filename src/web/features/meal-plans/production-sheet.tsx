import { useState } from 'react';
import { POPULATION_LABELS, POPULATIONS, SERVICE_LABELS, SLOT_LABELS, type Population } from '../../../shared/catering/catering.ts';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProduction } from './api.ts';

const NONE: Record<Population, number> = { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 0 };

/** The quantities to cook on a day for N covers per population, each dish scaled to the recommended portion. */
export function ProductionSheet({ establishmentId, date }: { establishmentId: string; date: string }) {
  const [day, setDay] = useState(date);
  const [covers, setCovers] = useState(NONE);
  const total = POPULATIONS.reduce((s, p) => s + covers[p], 0);
  const sheet = useProduction(establishmentId, day, covers, total > 0);
  const field = 'mt-0.5 block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm';
  return (
    <TitledCard title="Fiche de production du jour">
      <div className="grid gap-3 sm:grid-cols-5">
        <label className="text-sm font-medium text-stone-800">
          Jour
          <input className={field} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        {POPULATIONS.map((p) => (
          <label key={p} className="text-sm font-medium text-stone-800">
            {POPULATION_LABELS[p]}
            <input className={field} type="number" inputMode="numeric" min={0} max={100000} value={covers[p] || ''} placeholder="0" onChange={(e) => setCovers({ ...covers, [p]: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })} />
          </label>
        ))}
      </div>
      {total === 0 ? (
        <p className="text-sm text-stone-600">Indiquez le nombre de couverts par population.</p>
      ) : !sheet.data ? (
        <p className="text-sm text-stone-600">Calcul...</p>
      ) : sheet.data.dishes.length === 0 ? (
        <p className="text-sm text-stone-600">Aucun plat planifié ce jour-là.</p>
      ) : (
        <div className="space-y-3">
          {sheet.data.dishes.map((d) => (
            <div key={`${d.service}-${d.slot}`} className="text-sm">
              <h3 className="font-semibold">
                {SERVICE_LABELS[d.service]}, {SLOT_LABELS[d.slot].toLocaleLowerCase('fr')}&nbsp;: {d.recipeName}
              </h3>
              <p className="text-xs text-stone-500">
                Portion{' '}
                {Object.entries(d.portionGrams)
                  .map(([p, g]) => `${POPULATION_LABELS[p as Population].toLocaleLowerCase('fr')} ${g === null ? 'de la recette' : `${g}\u00a0g`}`)
                  .join(', ')}
                {d.verifiedPortion ? ' (arrêté du 30 septembre 2011)' : ' (repère indicatif)'}
              </p>
              <ul className="list-disc pl-5">
                {d.ingredients.map((i, n) => (
                  <li key={n}>
                    {i.name}&nbsp;: {formatNumber(i.quantity, i.unit === 'unité' ? 1 : 0)}&nbsp;{i.unit}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </TitledCard>
  );
}
