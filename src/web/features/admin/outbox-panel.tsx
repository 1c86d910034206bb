import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, Spinner } from '../../components/ui/card.tsx';
import { countOf } from '../../../shared/typography.ts';
import { formatDate } from '../../lib/format.ts';
import { useOutbox, useRetryOutbox } from './api.ts';

/** Delivery of product events to the CRM: counts, the last errors and a retry. */
export function OutboxPanel() {
  const outbox = useOutbox();
  const retry = useRetryOutbox();
  if (outbox.isPending) return <Spinner label="Chargement des événements..." />;
  if (outbox.isError) return <p className="text-red-700">Erreur lors du chargement des données</p>;
  const { pending, delivered, failed, lastErrors } = outbox.data;
  return (
    <Card className="space-y-4" data-testid="outbox-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Événements marketing (CRM)</h2>
        <Button
          size="sm"
          variant="secondary"
          disabled={retry.isPending || (failed === 0 && lastErrors.length === 0)}
          onClick={() =>
            retry.mutate(undefined, {
              onSuccess: ({ retried }) =>
                toast.success(`${countOf(retried, 'événement')} relancé${retried > 1 ? 's' : ''}`),
              onError: () => toast.error('Erreur lors de la relance'),
            })
          }
        >
          Réessayer les envois en échec
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {[
          ['En attente', pending, 'text-stone-900'],
          ['Livrés', delivered, 'text-brand-800'],
          ['En échec', failed, failed ? 'text-red-700' : 'text-stone-900'],
        ].map(([label, value, tone]) => (
          <div key={label as string} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className={`text-2xl font-bold ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {lastErrors.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-medium">Dernières erreurs</caption>
            <thead className="text-xs text-stone-600">
              <tr>
                <th className="py-1 pr-3">Événement</th>
                <th className="py-1 pr-3">Statut</th>
                <th className="py-1 pr-3">Tentatives</th>
                <th className="py-1 pr-3">Erreur</th>
                <th className="py-1">Créé le</th>
              </tr>
            </thead>
            <tbody>
              {lastErrors.map((e) => (
                <tr key={e.id} className="border-t border-stone-100 align-top">
                  <td className="py-1 pr-3 font-mono text-xs">{e.name}</td>
                  <td className="py-1 pr-3">{e.status === 'failed' ? 'En échec' : 'Nouvel essai prévu'}</td>
                  <td className="py-1 pr-3">{e.attempts}</td>
                  <td className="max-w-xs break-words py-1 pr-3 text-xs text-red-700">{e.error}</td>
                  <td className="py-1 text-xs">{formatDate(e.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-stone-600">Aucune erreur d’envoi.</p>
      )}
    </Card>
  );
}
