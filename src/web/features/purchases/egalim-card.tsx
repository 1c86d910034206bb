import { THRESHOLDS } from '../../../shared/catering/egalim.ts';
import type { EgalimPurchases } from '../../../shared/api/purchases.ts';
import { Badge } from '../../components/ui/card.tsx';
import { percentText } from '../../lib/cost-text.ts';
import { formatEuros } from '../../lib/format.ts';

/** EGalim shares from what was bought (code rural L. 230-5-1), or the meal plan's estimate, said so. */
export function EgalimPurchasesCard({ egalim }: { egalim: EgalimPurchases }) {
  const rows = [
    ['Produits durables et de qualité', egalim.sustainablePercent, THRESHOLDS.sustainable],
    ['dont bio', egalim.organicPercent, THRESHOLDS.organic],
    ['Viandes et poissons durables', egalim.meatFishSustainablePercent, THRESHOLDS.meatFish],
  ] as const;
  return (
    <div className="space-y-3" data-testid="egalim-purchases">
      <p className="text-sm text-stone-600">
        {egalim.source === 'purchases' ? (
          <>
            <Badge tone="green">D’après vos achats</Badge> {egalim.invoices} factures validées,{' '}
            {formatEuros(egalim.totalValue)} HT
            {egalim.totalOnlyInvoices > 0 &&
              ` (dont ${egalim.totalOnlyInvoices} sans détail de lignes, comptées non EGalim)`}
            .
          </>
        ) : (
          <>
            <Badge tone="orange">Estimation</Badge> Aucune facture validée sur la période : estimation d’après vos plans
            de menus.
          </>
        )}
      </p>
      <dl className="grid gap-2 sm:grid-cols-3">
        {rows.map(([label, value, target]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {percentText(value)} <span className="text-sm font-normal text-stone-500">objectif {target} %</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
