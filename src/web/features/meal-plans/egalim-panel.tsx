import { Link } from 'react-router';
import type { EgalimAnswer } from '../../../shared/api/meal-plans.ts';
import { THRESHOLDS } from '../../../shared/catering/egalim.ts';
import { Badge } from '../../components/ui/card.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { formatEuros, formatNumber } from '../../lib/format.ts';
import { dayLabel } from './dates.ts';
import { egalimPanelTitle } from './panel-titles.ts';
import { MaCantineExport } from './ma-cantine-export.tsx';

function Share({ label, value, threshold }: { label: string; value: number | null; threshold: number }) {
  return (
    <li className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <span>
        {label} <span className="text-stone-500">(seuil légal {threshold}&nbsp;%)</span>
      </span>
      {value === null ? (
        <Badge>Inconnu</Badge>
      ) : (
        <Badge tone={value >= threshold ? 'green' : 'red'}>{formatNumber(value, 1)}&nbsp;%</Badge>
      )}
    </li>
  );
}

/** EGalim over the month shown: shares by purchase value, vegetarian menus per week, and the yearly « ma cantine » file. */
export function EgalimPanel({
  answer,
  month,
  establishmentId,
  posterTo,
}: {
  answer: EgalimAnswer | undefined;
  month: string;
  establishmentId: string;
  posterTo: string;
}) {
  return (
    <TitledCard title={egalimPanelTitle(month)}>
      {!answer ? (
        <p className="text-sm text-stone-600">Chargement...</p>
      ) : (
        <div className="space-y-3">
          <ul className="divide-y divide-stone-100">
            <Share
              label="Produits durables et de qualité (bio inclus)"
              value={answer.sustainablePercent}
              threshold={THRESHOLDS.sustainable}
            />
            <Share label="Dont bio" value={answer.organicPercent} threshold={THRESHOLDS.organic} />
            <Share
              label="Viandes et poissons durables"
              value={answer.meatFishSustainablePercent}
              threshold={THRESHOLDS.meatFish}
            />
            <li className="flex items-center justify-between gap-3 py-1.5 text-sm">
              <span>Semaines avec un menu végétarien</span>
              <Badge tone={answer.vegetarianWeeks === answer.weeks ? 'green' : 'red'}>
                {answer.vegetarianWeeks}/{answer.weeks}
              </Badge>
            </li>
          </ul>
          {answer.weeksWithoutVegetarian.length > 0 && (
            <p className="text-sm text-red-800">
              Sans menu végétarien&nbsp;: semaine du {answer.weeksWithoutVegetarian.map(dayLabel).join(', semaine du ')}
              .
            </p>
          )}
          <p className="text-xs text-stone-600">
            Valeur d’achat comptée&nbsp;: {formatEuros(answer.purchaseValue)}.
            {answer.unpricedLines > 0 &&
              ` ${answer.unpricedLines} lignes d’ingrédients sans prix d’achat\u00a0: les parts se calculent quand vos produits ont un prix et leurs labels.`}
          </p>
          <MaCantineExport establishmentId={establishmentId} year={Number(month.slice(0, 4))} />
          <div className="flex flex-wrap gap-2">
            <Link
              className="inline-block rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100"
              to={posterTo}
            >
              Affiche EGalim de l’année pour les convives
            </Link>
          </div>
        </div>
      )}
    </TitledCard>
  );
}
