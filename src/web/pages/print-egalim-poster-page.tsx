import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { THRESHOLDS } from '../../shared/catering/egalim.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { useEgalim } from '../features/meal-plans/api.ts';
import { todayIso } from '../features/meal-plans/dates.ts';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { QrDrawing } from '../features/qr/qr-drawing.tsx';
import { formatNumber } from '../lib/format.ts';

/** A share as the poster prints it: « 23 % », or « non calculée » while the prices are missing. */
const percent = (value: number | null) =>
  value === null ? 'non calculée' : `${formatNumber(Math.round(value))}\u00a0%`;

function Share({ value, label, goal, testId }: { value: number | null; label: string; goal: string; testId: string }) {
  return (
    <div className="rounded-xl border-2 border-brand-700 p-4 text-center" data-testid={testId}>
      <p className="text-4xl font-extrabold text-brand-800">{percent(value)}</p>
      <p className="mt-1 font-semibold">{label}</p>
      <p className="mt-1 text-xs text-stone-600">{goal}</p>
    </div>
  );
}

/**
 * /plans-de-menus/:establishmentId/affiche-egalim?annee=: the yearly information of diners that
 * the code rural asks of collective catering (article L. 230-5-3, docs/product/meal-plans.md
 * « EGalim »): the shares of sustainable and quality products, organic ones among them, over
 * the year's plans, on A4, with the manager's own word and the QR code of the week's menus.
 */
export default function PrintEgalimPosterPage() {
  const establishmentId = useParams().establishmentId ?? '';
  const asked = Number(useSearchParams()[0].get('annee'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : Number(todayIso().slice(0, 4));
  const establishments = useEstablishments();
  const egalim = useEgalim(establishmentId, `${year}-01-01`, `${year}-12-31`);
  const [word, setWord] = useState('');
  const wordTitle = useId();
  const back = {
    to: `/plans-de-menus?etablissement=${establishmentId}&date=${year}-01-01`,
    label: 'Retour aux plans de menus',
  };

  if (egalim.isError || establishments.isError)
    return (
      <DocumentMessage
        title="Erreur lors du chargement des données"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  if (!egalim.data || !establishments.data) return <Spinner label="Chargement de l’affiche..." />;
  const establishment = establishments.data.find((e) => e.id === establishmentId);
  if (!establishment)
    return (
      <DocumentMessage
        title="Établissement non trouvé"
        text="Cet établissement n’existe pas ou n’appartient pas à votre organisation."
        back={back}
      />
    );
  const e = egalim.data;
  const url = `${window.location.origin}/semaine/${establishmentId}`;
  const missing = e.sustainablePercent === null || e.unpricedLines > 0;

  return (
    <PrintDocument
      paper="A4 portrait"
      title={`EGalim ${year} - ${establishment.name}`}
      back={back}
      notice={
        <div className="space-y-3 rounded-lg bg-white p-3 text-sm shadow-sm">
          {missing && (
            <p role="note" className="rounded-lg bg-orange-50 p-2 text-orange-900">
              {e.sustainablePercent === null
                ? `Aucun prix d’achat connu sur les plats planifiés en ${year}\u00a0: les parts ne peuvent pas être calculées. Renseignez le prix et les labels de vos produits dans « Mes produits ».`
                : `${e.unpricedLines} lignes d’ingrédients planifiées n’ont pas de prix d’achat et ne sont pas comptées\u00a0: renseignez-les dans « Mes produits » pour des parts exactes.`}
            </p>
          )}
          <label className="block font-medium text-stone-800">
            Un mot aux convives (facultatif, imprimé sur l’affiche)
            <textarea
              className="mt-1 block w-full rounded-lg border border-stone-300 p-2 font-normal"
              rows={3}
              maxLength={600}
              value={word}
              onChange={(event) => setWord(event.target.value)}
              placeholder="Ex.&nbsp;: nos légumes viennent de la ferme du Plateau, à 12&nbsp;km."
            />
          </label>
        </div>
      }
    >
      <div className="space-y-5" data-testid="egalim-poster">
        <header className="border-b-2 border-brand-700 pb-3">
          <p className="text-sm text-stone-600">{establishment.name}</p>
          <h1 className="text-2xl font-bold">Ce que contiennent nos repas en {year}</h1>
          <p className="mt-1 text-sm text-stone-700">
            Part des achats de denrées, en valeur hors taxes, sur les repas planifiés de l’année.
          </p>
        </header>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 print:grid-cols-3">
          <Share
            testId="egalim-poster-sustainable"
            value={e.sustainablePercent}
            label="de produits durables et de qualité, bio compris"
            goal={`Objectif de la loi\u00a0: au moins ${THRESHOLDS.sustainable}\u00a0%`}
          />
          <Share
            testId="egalim-poster-organic"
            value={e.organicPercent}
            label="de produits issus de l’agriculture biologique"
            goal={`Objectif de la loi\u00a0: au moins ${THRESHOLDS.organic}\u00a0%`}
          />
          <Share
            testId="egalim-poster-meat-fish"
            value={e.meatFishSustainablePercent}
            label="de viandes et poissons durables et de qualité"
            goal={`Objectif de la loi\u00a0: au moins ${THRESHOLDS.meatFish}\u00a0%`}
          />
        </div>
        <p data-testid="egalim-poster-vegetarian">
          <strong>Menu végétarien</strong>&nbsp;: au moins un par semaine, {e.vegetarianWeeks} semaine
          {e.vegetarianWeeks > 1 ? 's' : ''} sur {e.weeks} avec un menu végétarien en {year}.
        </p>
        <p className="text-sm text-stone-700">
          Sont durables et de qualité les produits bio ou en conversion, sous Label Rouge, AOP, AOC, IGP ou STG, de la
          mention « fermier », HVE, « pêche durable », du commerce équitable, ou choisis pour leurs performances
          environnementales.
        </p>
        {word.trim() !== '' && (
          <section className="rounded-lg bg-stone-50 p-3" aria-labelledby={wordTitle}>
            <h2 id={wordTitle} className="font-semibold">
              Un mot de l’équipe
            </h2>
            <p className="whitespace-pre-line">{word.trim()}</p>
          </section>
        )}
        <footer className="flex items-end justify-between gap-4 border-t border-stone-300 pt-3 text-xs text-stone-600">
          <p className="max-w-md">
            Pourquoi cette affiche&nbsp;? Chaque année, les restaurants collectifs informent leurs convives de la part
            des produits durables et de qualité, dont bio, servis dans leurs repas (article L.&nbsp;230-5-3 du code
            rural et de la pêche maritime, loi EGalim).
          </p>
          {/* An image with its caption (RGAA 1.9): role and name of the figure repeat the caption. */}
          <figure role="figure" aria-label="Nos menus de la semaine" className="shrink-0 text-center">
            <QrDrawing key={url} data={url} size={96} type="svg" label="Code QR des menus de la semaine" />
            <figcaption>Nos menus de la semaine</figcaption>
          </figure>
        </footer>
      </div>
    </PrintDocument>
  );
}
