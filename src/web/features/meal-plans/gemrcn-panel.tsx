import type { GemrcnAnswer } from '../../../shared/api/meal-plans.ts';
import { SERVICE_LABELS } from '../../../shared/catering/catering.ts';
import { Badge } from '../../components/ui/card.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { shortDayLabel } from './dates.ts';
import { GEMRCN_PANEL_TITLE } from './panel-titles.ts';

/** The 20-meal grid from the first day shown: each criterion green or red, with the meals that count. */
export function GemrcnPanel({ answer }: { answer: GemrcnAnswer | undefined }) {
  return (
    <TitledCard title={GEMRCN_PANEL_TITLE}>
      {!answer ? (
        <p className="text-sm text-stone-600">Chargement de la grille...</p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-stone-700">
            {answer.rulesetLabel}. {answer.meals} repas comptés (déjeuners et dîners à partir de la semaine affichée)
            {answer.meals < 20
              ? '\u00a0: moins de 20 repas planifiés, les seuils sont ramenés au nombre de repas.'
              : '.'}
          </p>
          <ul className="divide-y divide-stone-100" aria-label="Critères GEMRCN">
            {answer.criteria.map((c) => (
              <li key={c.id} className="py-2" data-testid={`gemrcn-${c.id}`} data-ok={c.ok}>
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm text-stone-800">{c.label}</p>
                  <Badge tone={c.ok ? 'green' : 'red'} className="shrink-0">
                    {c.ok ? 'Conforme' : 'Non conforme'} · {c.count}/{answer.meals}
                  </Badge>
                </div>
                <p className="text-xs text-stone-500">
                  Attendu&nbsp;: {c.expected}
                  {c.threshold !== c.n ? ` (soit ${c.threshold} sur ${answer.meals})` : ''}
                </p>
                {c.matches.length > 0 && (
                  <details className="text-xs text-stone-600">
                    <summary className="cursor-pointer">Repas qui comptent</summary>
                    <ul className="mt-1 list-disc pl-5">
                      {c.matches.map((m) => (
                        <li key={`${m.date}-${m.service}`}>
                          {shortDayLabel(m.date)}, {SERVICE_LABELS[m.service].toLocaleLowerCase('fr')}&nbsp;:{' '}
                          {m.recipeName}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </TitledCard>
  );
}
