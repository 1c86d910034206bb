import { formatEuros } from '../../lib/format.ts';
import { maCantineCsvUrl, useMaCantine } from './api.ts';

const link =
  'inline-block rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100';

/**
 * « ma cantine »: the year's bilan in the platform's import format, simple and detailed, from the
 * year's confirmed supplier invoices, or, until there are some, marked as an estimate from the
 * plan (covers × portions × prices). The sentence says which source it used.
 */
export function MaCantineExport({ establishmentId, year }: { establishmentId: string; year: number }) {
  const figures = useMaCantine(establishmentId, year);
  if (!figures.data) return <p className="text-xs text-stone-600">Calcul du bilan « ma cantine »...</p>;
  const f = figures.data;
  const blocked = !f.siret
    ? 'Indiquez le SIRET de l’établissement (page Établissements).'
    : f.source === 'estimate' && f.covers === 0
      ? 'Indiquez les couverts par jour de l’établissement (page Établissements).'
      : f.simple.valeur_totale === 0
        ? f.source === 'purchases'
          ? 'Les factures confirmées de l’année ne totalisent aucun achat.'
          : 'Aucun prix d’achat connu pour les plats planifiés.'
        : null;
  return (
    <div className="space-y-2 rounded-lg border border-stone-200 p-3 text-sm" data-testid="ma-cantine">
      <p className="font-medium">Bilan « ma cantine » {year}</p>
      {f.source === 'purchases' ? (
        <p className="text-xs text-green-900" data-source="purchases">
          {f.sourceLabel}&nbsp;: valeur totale {formatEuros(f.simple.valeur_totale ?? 0)} HT
          {f.purchases && f.purchases.unmatchedValue !== 0
            ? `, dont ${formatEuros(f.purchases.unmatchedValue)} de lignes sans produit (comptées hors EGalim)`
            : ''}
          .
        </p>
      ) : (
        <p className="text-xs text-orange-900" data-source="estimate">
          {f.sourceLabel}&nbsp;: {f.meals} repas, valeur totale estimée {formatEuros(f.simple.valeur_totale ?? 0)} HT
          {f.unpricedDishes > 0 ? `, ${f.unpricedDishes} plats servis sans prix connu (non comptés)` : ''}.
        </p>
      )}
      {f.problems.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-red-700">
          {f.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {blocked ? (
        <p className="text-xs text-stone-700">{blocked}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <a className={link} href={maCantineCsvUrl(establishmentId, year, 'simple')} download>
            Bilan simple (CSV)
          </a>
          <a className={link} href={maCantineCsvUrl(establishmentId, year, 'detaille')} download>
            Bilan détaillé (CSV)
          </a>
        </div>
      )}
    </div>
  );
}
