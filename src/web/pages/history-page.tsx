import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useOrganisationHistory } from '../features/history/api.ts';
import { HistoryList } from '../features/history/history-list.tsx';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

/** « Historique » (owners, docs/product/organisations.md « History »): the organisation's changes, newest first, page by page. */
export default function HistoryPage() {
  const { data: me } = useMe();
  const allowed = useCan('audit:read');
  if (!me) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Historique</h1>
        <p className="text-sm text-stone-600">Qui a créé, modifié ou supprimé quoi dans « {me.organisation.name} », et quand.</p>
      </div>
      {allowed ? (
        <History />
      ) : (
        <Card role="alert" className="text-stone-700">
          Seul un propriétaire de l’organisation peut consulter son historique.
        </Card>
      )}
    </div>
  );
}

function History() {
  const history = useOrganisationHistory();
  if (history.isPending) return <Spinner label="Chargement de l’historique..." />;
  if (history.isError && !history.data) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
        Erreur lors du chargement de l’historique
      </p>
    );
  }
  const events = history.data.pages.flatMap((page) => page.events);
  if (events.length === 0) {
    return (
      <Card className="py-12 text-center">
        <p className="text-lg font-semibold">Aucun changement enregistré</p>
        <p className="mt-1 text-sm text-stone-600">Les créations, modifications et suppressions de l’équipe apparaîtront ici.</p>
      </Card>
    );
  }
  return (
    <Card>
      <HistoryList events={events} label="Historique de l’organisation" />
      {history.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Erreur lors du chargement de la suite
        </p>
      )}
      {history.hasNextPage && (
        <Button variant="secondary" className="mt-4 w-full" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {history.isFetchingNextPage ? 'Chargement...' : 'Voir plus'}
        </Button>
      )}
    </Card>
  );
}
