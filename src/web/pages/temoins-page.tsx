import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SERVICE_LABELS, SLOT_LABELS } from '../../shared/catering/catering.ts';
import { frenchDate, parisToday } from '../../shared/labels/dates.ts';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useTemoinDay } from '../features/labels/api.ts';
import { PrintPanel } from '../features/labels/print-panel.tsx';

/**
 * /plans-de-menus/:establishmentId/temoins?date=: the « plats témoins » labels of a planned day,
 * every dish in one go (arrêté of 21 December 2009, annex IV; docs/product/labels.md).
 */
function TemoinsPageContent() {
  const establishmentId = useParams().establishmentId ?? '';
  const [params] = useSearchParams();
  const [date, setDate] = useState(params.get('date') ?? parisToday());
  const day = useTemoinDay(establishmentId, date);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/plans-de-menus" className="text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> Retour aux plans de menus
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Plats témoins</h1>
        <p className="text-sm text-stone-600">
          Une étiquette par plat servi ce jour-là : à coller sur l’échantillon, conservé 5 jours entre 0 et 3 °C, avec
          les initiales du cuisinier qui l’a prélevé.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <PrintPanel
            path={`/api/meal-plans/${establishmentId}/temoins.pdf`}
            withCopies={false}
            dateLabel="Jour du service"
            initialDate={date}
            onDateChange={setDate}
            label="Imprimer les plats témoins (PDF)"
          />
        </Card>
        <Card className="min-w-0 space-y-3" data-testid="temoin-dishes">
          <h2 className="text-lg font-semibold">
            {day.data ? `${day.data.establishment.name} · ${frenchDate(date)}` : 'Plats du jour'}
          </h2>
          {day.isPending ? (
            <Spinner label="Chargement des plats..." />
          ) : day.isError ? (
            <p role="alert" className="text-red-700">
              Erreur lors du chargement des plats
            </p>
          ) : day.data.labels.length === 0 ? (
            <p className="text-stone-600">Aucun plat prévu ce jour-là.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {day.data.labels.map((dish) => (
                <li key={`${dish.service}-${dish.slot}`} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <span className="font-medium">{dish.dish}</span>
                  <span className="text-stone-600">
                    {SERVICE_LABELS[dish.service]} · {SLOT_LABELS[dish.slot]} · à détruire le{' '}
                    {frenchDate(dish.destroyOn)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

/** The page under its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */
export default function TemoinsPage() {
  return (
    <>
      <title>Plats témoins – NutriCarte</title>
      <TemoinsPageContent />
    </>
  );
}
