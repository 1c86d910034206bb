import { useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useOrganisationHistoryPage } from '../features/history/api.ts';
import { HistoryList } from '../features/history/history-list.tsx';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

/** « Historique » (owners, docs/product/organisations.md « History »): the organisation's changes, newest first, page by page. */
function HistoryPageContent() {
  const { data: me } = useMe();
  const allowed = useCan('audit:read');
  if (!me) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Historique</h1>
        <p className="text-sm text-stone-600">
          Qui a créé, modifié ou supprimé quoi dans « {me.organisation.name} », et quand.
        </p>
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

/** The pages asked for so far (`before` of each), each rendered by <HistoryChunk />. */
function History() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <Card>
      <h2 className="sr-only">Changements</h2>
      {cursors.map((before, index) => (
        <HistoryChunk
          key={before ?? 'newest'}
          before={before}
          first={index === 0}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((all) => [...all, next])}
        />
      ))}
    </Card>
  );
}

function HistoryChunk({
  before,
  first,
  last,
  onMore,
}: {
  before: string | null;
  first: boolean;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const page = useOrganisationHistoryPage(before);
  if (page.isPending) return <Spinner label="Chargement de l’historique..." />;
  if (page.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
        {first ? 'Erreur lors du chargement de l’historique' : 'Erreur lors du chargement de la suite'}
      </p>
    );
  }
  const { events, nextBefore } = page.data;
  if (first && events.length === 0) {
    return (
      <div className="py-10 text-center">
        <p className="text-lg font-semibold">Aucun changement enregistré</p>
        <p className="mt-1 text-sm text-stone-600">
          Les créations, modifications et suppressions de l’équipe apparaîtront ici.
        </p>
      </div>
    );
  }
  return (
    <>
      <HistoryList events={events} label={first ? 'Historique de l’organisation' : 'Suite de l’historique'} />
      {last && nextBefore && (
        <Button variant="secondary" className="mt-4 w-full" onClick={() => onMore(nextBefore)}>
          Voir plus
        </Button>
      )}
    </>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function HistoryPage() {
  return (
    <>
      <title>Historique – NutriCarte</title>
      <HistoryPageContent />
    </>
  );
}
