import { useState } from 'react';
import type { ProductionAnswer } from '../../../shared/api/meal-plans.ts';
import {
  POPULATION_LABELS,
  POPULATIONS,
  SERVICE_LABELS,
  SLOT_LABELS,
  type Population,
} from '../../../shared/catering/catering.ts';
import { PORTION_LINE_LABELS, PORTION_SOURCE_LABELS } from '../../../shared/catering/portions.ts';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProduction } from './api.ts';

const NONE: Record<Population, number> = { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 0 };

/** « Portion (plat composé) : élémentaire 250 g (arrêté du 30 septembre 2011, annexe II), adulte 300 g (repère indicatif NutriCarte) ». */
export function portionSentence(dish: ProductionAnswer['dishes'][number]): string {
  const cells = Object.entries(dish.portionGrams).map(([p, grams]) => {
    const population = p as Population;
    const source = dish.portionSources[population];
    const weight = grams === null || grams === undefined ? 'une portion de la recette' : `${grams}\u00a0g`;
    return `${POPULATION_LABELS[population].toLocaleLowerCase('fr')} ${weight}${source && source !== 'recette' ? ` (${PORTION_SOURCE_LABELS[source]})` : ''}`;
  });
  const line =
    dish.portionLine === 'plat' || dish.portionLine === 'plat_compose'
      ? ` (${PORTION_LINE_LABELS[dish.portionLine].toLocaleLowerCase('fr')})`
      : '';
  const unscaled = dish.scaled
    ? ''
    : '. Poids de portion de la recette inconnu\u00a0: une portion de la recette par convive';
  return `Portion${line}\u00a0: ${cells.join(', ')}${unscaled}`;
}

/** The quantities to cook on a day for N covers per population, each dish scaled to the establishment's grammages. */
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
            <input
              className={field}
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              value={covers[p] || ''}
              placeholder="0"
              onChange={(e) => setCovers({ ...covers, [p]: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
            />
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
              <p className="text-xs text-stone-500">{portionSentence(d)}</p>
              <ul className="list-disc pl-5">
                {d.ingredients.map((i, n) => (
                  <li key={n}>
                    {i.name}&nbsp;: {formatNumber(i.quantity, i.unit === 'kg' || i.unit === 'l' ? 2 : 0)}&nbsp;{i.unit}
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
