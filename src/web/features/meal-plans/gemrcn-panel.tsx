import type { GemrcnAnswer } from '../../../shared/api/meal-plans.ts';
import { SERVICE_LABELS } from '../../../shared/catering/catering.ts';
import { Badge } from '../../components/ui/card.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { shortDayLabel } from './dates.ts';
import { GEMRCN_PANEL_TITLE } from './panel-titles.ts';

type CriterionView = GemrcnAnswer['criteria'][number];
const when = (m: { date: string; service: keyof typeof SERVICE_LABELS }) =>
  `${shortDayLabel(m.date)}, ${SERVICE_LABELS[m.service].toLocaleLowerCase('fr')}`;

function StatusBadge({ c, meals }: { c: CriterionView; meals: number }) {
  if (c.status === 'unknown')
    return (
      <Badge tone="orange" className="shrink-0">
        À vérifier · {c.count}/{meals}
      </Badge>
    );
  return (
    <Badge tone={c.ok ? 'green' : 'red'} className="shrink-0">
      {c.ok ? 'Conforme' : 'Non conforme'} · {c.count}/{meals}
    </Badge>
  );
}

/**
 * The 20-meal grid from the first day shown: each criterion green, red or « à vérifier » (a
 * value the rule needs is missing), with the meals that count and why, the missing values with
 * their meals, and the meals article 1 finds incomplete. An empty plan says so.
 */
export function GemrcnPanel({ answer }: { answer: GemrcnAnswer | undefined }) {
  return (
    <TitledCard title={GEMRCN_PANEL_TITLE}>
      {!answer ? (
        <p className="text-sm text-stone-600">Chargement de la grille...</p>
      ) : answer.meals === 0 ? (
        <p className="text-sm text-stone-700" data-testid="gemrcn-empty">
          Aucun repas planifié à partir de cette semaine&nbsp;: la grille se remplit avec vos déjeuners et dîners.
        </p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-stone-700">
            {answer.rulesetLabel}. {answer.meals} repas comptés (déjeuners et dîners à partir de la semaine affichée)
            {answer.meals < 20
              ? '\u00a0: moins de 20 repas planifiés, les seuils sont ramenés au nombre de repas.'
              : '.'}
          </p>
          {answer.incomplete.length > 0 && (
            <div className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900" data-testid="gemrcn-incomplete">
              <p className="font-medium">Repas incomplets (article 1 de l’arrêté)&nbsp;:</p>
              <ul className="list-disc pl-5">
                {answer.incomplete.map((m) => (
                  <li key={`${m.date}-${m.service}`}>
                    {when(m)}&nbsp;: sans {m.missing.join(', sans ')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <ul className="divide-y divide-stone-100" aria-label="Critères GEMRCN">
            {answer.criteria.map((c) => (
              <li key={c.id} className="py-2" data-testid={`gemrcn-${c.id}`} data-ok={c.ok} data-status={c.status}>
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm text-stone-800">{c.label}</p>
                  <StatusBadge c={c} meals={answer.meals} />
                </div>
                <p className="text-xs text-stone-500">
                  Attendu&nbsp;: {c.expected}
                  {c.threshold !== c.n ? ` (soit ${c.threshold} sur ${answer.meals})` : ''}
                </p>
                {c.reason && <p className="text-xs text-orange-900">{c.reason}</p>}
                {c.unknownMeals.length > 0 && (
                  <details className="text-xs text-orange-900">
                    <summary className="cursor-pointer">Repas à vérifier</summary>
                    <ul className="mt-1 list-disc pl-5">
                      {c.unknownMeals.map((m) => (
                        <li key={`${m.date}-${m.service}`}>
                          {when(m)}&nbsp;: {m.recipeName} ({m.missing})
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                {c.matches.length > 0 && (
                  <details className="text-xs text-stone-600">
                    <summary className="cursor-pointer">Repas qui comptent</summary>
                    <ul className="mt-1 list-disc pl-5">
                      {c.matches.map((m) => (
                        <li key={`${m.date}-${m.service}`}>
                          {when(m)}&nbsp;: {m.recipeName} — {m.reason}
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
