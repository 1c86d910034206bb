import { useState } from 'react';
import { Link } from 'react-router';
import type { SalesImportResult } from '../../shared/api/purchases.ts';
import { ENGINEERING_LABELS } from '../../shared/api/purchases.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { TitledCard } from '../components/ui/titled-card.tsx';
import { useMenus } from '../features/menus/api.ts';
import { uploadSales, useConsumption, useEngineering } from '../features/purchases/api.ts';
import { EngineeringAdvice, EngineeringChart } from '../features/purchases/engineering-chart.tsx';
import { FileDrop } from '../features/purchases/file-drop.tsx';
import { ApiError } from '../lib/api.ts';
import { formatEuros, formatNumber } from '../lib/format.ts';
import { useCan } from '../lib/use-can.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function SalesImport({ onDone }: { onDone: () => void }) {
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'sending'; share: number }
    | { kind: 'done'; result: SalesImportResult }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const send = async ([file]: File[]) => {
    if (!file) return;
    setState({ kind: 'sending', share: 0 });
    try {
      const result = await uploadSales(file, (share) => setState({ kind: 'sending', share }));
      setState({ kind: 'done', result });
      onDone();
    } catch (error) {
      setState({
        kind: 'error',
        message:
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Erreur lors de l’envoi : réessayez',
      });
    }
  };
  return (
    <div className="space-y-2">
      <FileDrop
        label="Choisir un export de caisse"
        hint="CSV ou Excel : date, article (ou code), quantité, montant TTC — le format générique ou l’export de votre caisse"
        accept=".csv,.xlsx,text/csv"
        disabled={state.kind === 'sending'}
        onFiles={(files) => void send(files)}
      />
      {state.kind === 'sending' && (
        <p role="status" className="text-sm text-stone-600">
          Envoi… {formatNumber(state.share * 100)} %
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        <div className="rounded-lg bg-brand-50 p-3 text-sm" aria-live="polite">
          <p>
            {formatNumber(state.result.rows)} lignes ({state.result.format}) du {state.result.from} au {state.result.to}{' '}
             : {formatNumber(state.result.matched)} rapprochées d’un plat de vos cartes.
          </p>
          {state.result.unmatched.length > 0 && (
            <p className="mt-1 text-stone-700">
              Sans plat correspondant :{' '}
              {state.result.unmatched
                .slice(0, 8)
                .map((u) => `${u.name} (${formatNumber(u.quantity)})`)
                .join(', ')}
              {state.result.unmatched.length > 8 && '…'} — renommez le plat sur la carte comme sur la caisse pour le
              rapprocher.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** /ventes (docs/product/purchases.md « Ventes »): sales in, menu engineering per menu and period, and what the sales should have used. */
export default function SalesPage() {
  const canWrite = useCan('purchases:write');
  const menus = useMenus();
  const [menuId, setMenuId] = useState<string | null>(null);
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 90 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const chosen = menuId ?? menus.data?.[0]?.id ?? null;
  const engineering = useEngineering(chosen, from, to);
  const consumption = useConsumption(from, to);
  const refresh = () => {
    void engineering.refetch();
    void consumption.refetch();
  };
  return (
    <div className="space-y-4">
      {/* Its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */}
      <title>Ventes – NutriCarte</title>
      <div>
        <Link to="/achats" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Retour aux achats
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Ventes</h1>
        <p className="text-sm text-stone-600">
          Quels plats méritent leur place : popularité et marge de chaque plat (méthode Kasavana et Smith).
        </p>
      </div>
      {canWrite && (
        <TitledCard title="Importer des ventes">
          <SalesImport onDone={refresh} />
        </TitledCard>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="sales-menu" className="block text-sm font-medium">
            Carte
          </label>
          <select
            id="sales-menu"
            className="block h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm"
            value={chosen ?? ''}
            onChange={(e) => setMenuId(e.target.value || null)}
          >
            {(menus.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="sales-from" className="block text-sm font-medium">
            Du
          </label>
          <input
            id="sales-from"
            type="date"
            className="block h-10 rounded-lg border border-stone-300 px-3 text-sm"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="sales-to" className="block text-sm font-medium">
            Au
          </label>
          <input
            id="sales-to"
            type="date"
            className="block h-10 rounded-lg border border-stone-300 px-3 text-sm"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setTo(e.target.value)}
          />
        </div>
      </div>
      <TitledCard title="Matrice des plats">
        {!chosen ? (
          <p className="text-sm text-stone-600">Créez une carte pour analyser ses ventes.</p>
        ) : engineering.isPending ? (
          <Spinner label="Analyse des ventes..." />
        ) : engineering.isError ? (
          <p role="alert" className="text-red-700">
            Erreur lors de l’analyse des ventes
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <EngineeringChart engineering={engineering.data} />
            <div className="space-y-3">
              <EngineeringAdvice engineering={engineering.data} />
              <table className="w-full text-sm" data-testid="engineering-table">
                <thead>
                  <tr className="text-left text-stone-600">
                    <th scope="col" className="py-1">
                      Plat
                    </th>
                    <th scope="col" className="py-1 text-right">
                      Vendus
                    </th>
                    <th scope="col" className="py-1 text-right">
                      Marge
                    </th>
                    <th scope="col" className="py-1 pl-2">
                      Classe
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {engineering.data.items.map((item) => (
                    <tr key={item.itemId} className="border-t border-stone-200">
                      <th scope="row" className="py-1 text-left font-medium">
                        {item.name}
                      </th>
                      <td className="py-1 text-right tabular-nums">{formatNumber(item.sold)}</td>
                      <td className="py-1 text-right tabular-nums">
                        {item.marginPerItem === null ? '–' : formatEuros(item.marginPerItem)}
                      </td>
                      <td className="py-1 pl-2">{item.class ? ENGINEERING_LABELS[item.class] : 'non classé'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </TitledCard>
      <TitledCard
        title="Consommation théorique et achats"
        description="Ce que les ventes auraient dû consommer d’après vos recettes, comparé à ce que vos factures ont acheté. L’écart : pertes, vols, recette non suivie ou stock."
      >
        {consumption.isPending ? (
          <Spinner label="Calcul des consommations..." />
        ) : consumption.isError ? (
          <p role="alert" className="text-red-700">
            Erreur lors du calcul
          </p>
        ) : consumption.data.rows.length === 0 ? (
          <p className="text-sm text-stone-600">Aucune vente ni aucun achat de produit sur la période.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="consumption-table">
              <thead>
                <tr className="text-left text-stone-600">
                  <th scope="col" className="py-1">
                    Produit
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Théorique
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Acheté
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Écart
                  </th>
                </tr>
              </thead>
              <tbody>
                {consumption.data.rows.map((row) => (
                  <tr key={row.productId} className="border-t border-stone-200">
                    <th scope="row" className="py-1 text-left font-medium">
                      {row.name}
                    </th>
                    <td className="py-1 text-right tabular-nums">
                      {formatNumber(row.theoretical, 2)} {row.per}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {formatNumber(row.purchased, 2)} {row.per}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {row.gapPercent === null ? '–' : `${row.gap > 0 ? '+' : ''}${formatNumber(row.gapPercent, 1)} %`}
                      {row.gapValue !== null && (
                        <span className="block text-xs text-stone-500">{formatEuros(row.gapValue)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {consumption.data && consumption.data.uncounted.length > 0 && (
          <p className="text-xs text-stone-500">
            Non comptés (sans recette ou sans poids connu) : {consumption.data.uncounted.join(', ')}.
          </p>
        )}
        <Button size="sm" variant="ghost" onClick={refresh}>
          Actualiser
        </Button>
      </TitledCard>
    </div>
  );
}
