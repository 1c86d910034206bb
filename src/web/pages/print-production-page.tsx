import { useParams, useSearchParams } from 'react-router';
import { isIsoDate } from '../../shared/catering/catering.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { useProduction } from '../features/meal-plans/api.ts';
import { dayLabel, todayIso } from '../features/meal-plans/dates.ts';
import { ProductionView } from '../features/meal-plans/production-view.tsx';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';

/** /plans-de-menus/:establishmentId/production?date=: the day's production sheet on A4, for the kitchen. */
export default function PrintProductionPage() {
  const establishmentId = useParams().establishmentId ?? '';
  const asked = useSearchParams()[0].get('date');
  const date = asked && isIsoDate(asked) ? asked : todayIso();
  const establishments = useEstablishments();
  const sheet = useProduction(establishmentId, date, null);
  const back = {
    to: `/plans-de-menus?etablissement=${establishmentId}&date=${date}`,
    label: 'Retour aux plans de menus',
  };
  if (sheet.isError || establishments.isError)
    return (
      <DocumentMessage
        title="Erreur lors du chargement des données"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  if (!sheet.data || !establishments.data) return <Spinner label="Chargement de la fiche..." />;
  const establishment = establishments.data.find((e) => e.id === establishmentId);
  return (
    <PrintDocument paper="A4 portrait" title={`Fiche de production - ${dayLabel(date)}`} back={back}>
      <header className="mb-4 border-b-2 border-stone-800 pb-2">
        <p className="text-sm text-stone-600">{establishment?.name}</p>
        <h1 className="text-xl font-bold first-letter:uppercase">Fiche de production du {dayLabel(date)}</h1>
        <p className="text-xs text-stone-500">
          Portions servies (poids cuits) par convive&nbsp;; quantités crues calculées avec le rendement de chaque
          recette, arrondies au-dessus.
        </p>
      </header>
      <ProductionView sheet={sheet.data} headingLevel={2} />
    </PrintDocument>
  );
}
