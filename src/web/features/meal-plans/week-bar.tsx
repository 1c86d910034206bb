import type { WeekState } from '../../../shared/api/meal-plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { lazy } from '../../../shared/lazy.ts';
import { useWeekAction } from './api.ts';

const AT = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }),
);
const at = (iso: string) => AT().format(new Date(iso));

function statusText(state: WeekState): string {
  if (state.status === 'published')
    return `Publiée le ${at(state.publishedAt!)}${state.changedAt ? `, modifiée le ${at(state.changedAt)}` : ''}`;
  if (state.status === 'validated')
    return `Validée par ${state.validatedBy ?? 'un diététicien'} le ${at(state.validatedAt!)}`;
  return 'Pas encore visible des familles';
}

/**
 * The week's publication (docs/product/meal-plans.md « Publishing »): a draft until published,
 * validated first by a dietitian where the establishment asks for it; only a published week is
 * on the families' page and its poster's QR code.
 */
export function WeekBar({
  establishmentId,
  state,
  canWrite,
  canValidate,
  needsValidation,
}: {
  establishmentId: string;
  state: WeekState;
  canWrite: boolean;
  canValidate: boolean;
  needsValidation: boolean;
}) {
  const action = useWeekAction(establishmentId);
  const run = (kind: 'publish' | 'validate' | 'unpublish', done: string) =>
    action.mutate(
      { action: kind, week: state.week, version: state.version },
      {
        onSuccess: (r) => toast.success(kind === 'publish' ? `${done} (${r.dishes} plats)` : done),
        onError: (e) =>
          toast.error(
            e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'Erreur lors de l’opération',
          ),
      },
    );
  const waiting = needsValidation && state.status === 'draft';
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-3"
      data-testid="week-bar"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
        <Badge tone={state.status === 'published' ? 'green' : state.status === 'validated' ? 'orange' : 'neutral'}>
          {state.status === 'published' ? 'Publiée' : state.status === 'validated' ? 'Validée' : 'Brouillon'}
        </Badge>
        <span>{statusText(state)}</span>
        {waiting && <span className="text-orange-900">En attente de la validation d’un diététicien.</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        {canValidate && state.status === 'draft' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={action.isPending}
            onClick={() => run('validate', 'Semaine validée')}
          >
            Valider la semaine
          </Button>
        )}
        {canWrite && state.status !== 'published' && (
          <Button size="sm" disabled={action.isPending || waiting} onClick={() => run('publish', 'Semaine publiée')}>
            Publier la semaine
          </Button>
        )}
        {canWrite && state.status === 'published' && (
          <Button
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            onClick={() => run('unpublish', 'Publication retirée')}
          >
            Retirer la publication
          </Button>
        )}
      </div>
    </div>
  );
}
