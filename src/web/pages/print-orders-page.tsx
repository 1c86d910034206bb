import { useParams, useSearchParams } from 'react-router';
import { addDays, isIsoDate, mondayOf } from '../../shared/catering/catering.ts';
import { Spinner } from '../components/ui/card.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { ordersFileUrl, useOrders } from '../features/meal-plans/api.ts';
import { dayLabel, todayIso } from '../features/meal-plans/dates.ts';
import { amountText, looseNumber } from '../features/meal-plans/production-view.tsx';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { formatEuros } from '../lib/format.ts';

const PACK_UNITS = { kg: 'kg', l: 'l', unité: 'pièces' } as const;
const field = 'mt-0.5 block h-10 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-base';

/**
 * /plans-de-menus/:establishmentId/commandes?du=&au=: what to order from each supplier for the
 * period (its planned days, covers, variants), rounded up to packs; printable, CSV or XLSX.
 */
export default function PrintOrdersPage() {
  const establishmentId = useParams().establishmentId ?? '';
  const [params, setParams] = useSearchParams();
  const du = params.get('du');
  const from = du && isIsoDate(du) ? du : mondayOf(todayIso());
  const au = params.get('au');
  const to = au && isIsoDate(au) && au >= from ? au : addDays(mondayOf(from), 4);
  const establishments = useEstablishments();
  const orders = useOrders(establishmentId, from, to);
  const back = {
    to: `/plans-de-menus?etablissement=${establishmentId}&date=${from}`,
    label: 'Retour aux plans de menus',
  };
  if (orders.isError || establishments.isError)
    return (
      <DocumentMessage
        title="Liste de commandes indisponible"
        text="La période doit durer au plus 62 jours. Vérifiez les dates, puis réessayez."
        back={back}
      />
    );
  if (!orders.data || !establishments.data) return <Spinner label="Chargement des commandes..." />;
  const establishment = establishments.data.find((e) => e.id === establishmentId);
  const set = (key: 'du' | 'au', value: string) => isIsoDate(value) && setParams({ du: from, au: to, [key]: value });
  return (
    <PrintDocument
      paper="A4 portrait"
      title={`Commandes du ${from} au ${to}`}
      back={back}
      notice={
        <div className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 shadow-sm">
          <label className="text-sm font-medium">
            Du
            <input className={field} type="date" value={from} onChange={(e) => set('du', e.target.value)} />
          </label>
          <label className="text-sm font-medium">
            Au
            <input className={field} type="date" value={to} onChange={(e) => set('au', e.target.value)} />
          </label>
          <a className={buttonClass('secondary', 'sm')} href={ordersFileUrl(establishmentId, from, to, 'csv')} download>
            CSV
          </a>
          <a
            className={buttonClass('secondary', 'sm')}
            href={ordersFileUrl(establishmentId, from, to, 'xlsx')}
            download
          >
            Excel (XLSX)
          </a>
        </div>
      }
    >
      <header className="mb-4 border-b-2 border-stone-800 pb-2">
        <p className="text-sm text-stone-600">{establishment?.name}</p>
        <h1 className="text-xl font-bold">
          Commandes du {dayLabel(from)} au {dayLabel(to)}
        </h1>
        <p className="text-xs text-stone-500">
          Quantités crues pour les couverts de l’établissement et ses menus de substitution, arrondies au-dessus et au
          colis quand le produit en a un.
        </p>
      </header>
      {orders.data.warnings.length > 0 && (
        <ul className="mb-3 rounded-lg bg-orange-50 p-3 text-sm text-orange-900" role="note">
          {orders.data.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {orders.data.suppliers.length === 0 ? (
        <p className="text-sm text-stone-600">Aucun plat planifié sur cette période.</p>
      ) : (
        <div className="space-y-4 text-sm" data-testid="orders">
          {orders.data.suppliers.map((s) => (
            <section key={s.supplier} className="break-inside-avoid">
              <h2 className="font-semibold">{s.supplier}</h2>
              <table className="mt-1 w-full table-fixed text-left">
                <thead className="text-xs text-stone-500">
                  <tr>
                    <th className="w-[44%] py-1 pr-2 font-normal">Produit</th>
                    <th className="w-[16%] py-1 pr-2 text-right font-normal">Besoin</th>
                    <th className="w-[24%] py-1 pr-2 text-right font-normal">À commander</th>
                    <th className="w-[16%] py-1 text-right font-normal">Valeur HT</th>
                  </tr>
                </thead>
                <tbody>
                  {s.lines.map((l) => (
                    <tr key={l.name + l.unit} className="border-t border-stone-100">
                      <td className="py-0.5 pr-2">{l.name}</td>
                      <td className="py-0.5 pr-2 text-right tabular-nums whitespace-nowrap">{amountText(l)}</td>
                      <td className="py-0.5 pr-2 text-right tabular-nums">
                        {l.packs
                          ? `${l.packs.count} colis de ${looseNumber(l.packs.size)}\u00a0${PACK_UNITS[l.packs.unit]}`
                          : amountText(l)}
                      </td>
                      <td className="py-0.5 text-right tabular-nums">
                        {l.estimatedValue === null ? '—' : formatEuros(l.estimatedValue)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </PrintDocument>
  );
}
