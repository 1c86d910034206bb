import type { ProductPrice } from '../../../shared/api/purchases.ts';
import { PRICE_UNIT_LABELS } from '../../../shared/api/product-vocabulary.ts';
import { lazy } from '../../../shared/lazy.ts';
import { formatEuros } from '../../lib/format.ts';

const day = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' }),
);
const longDay = lazy(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }));
const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

// Drawing units of the viewBox; the SVG scales to the card's width.
const W = 320;
const H = 160;
const PAD = { left: 44, right: 10, top: 10, bottom: 24 };
const FONT = 10;

const SOURCE_COLOURS: Record<ProductPrice['source'], string> = {
  invoice: '#047857',
  price_list: '#0369a1',
  manual: '#ea580c',
};
/** « Facture », « Tarif fournisseur Métro », « Manuel ». */
const sourceText = (p: ProductPrice) =>
  p.source === 'manual'
    ? 'Manuel'
    : `${p.source === 'invoice' ? 'Facture' : 'Tarif fournisseur'}${p.supplier ? ` ${p.supplier}` : ''}`;

/**
 * A product's price over time as steps (a price holds until the next one), each point an
 * invoice (green), a supplier's price list (blue) or a price typed by hand (« manuel », orange); a hidden table says the same
 * to screen readers. Only the prices in the newest unit are drawn.
 */
export function PriceChart({ name, prices }: { name: string; prices: ProductPrice[] }) {
  const unit = prices[0]?.per;
  const points = prices.filter((p) => p.per === unit).reverse();
  if (!unit || points.length === 0) return <p className="text-sm text-stone-600">Aucun prix connu pour ce produit.</p>;
  const times = points.map((p) => asDate(p.date).getTime());
  const first = Math.min(...times);
  const last = Math.max(...times, first + 86_400_000);
  const amounts = points.map((p) => p.amount);
  const low = Math.min(...amounts) * 0.9;
  const high = Math.max(...amounts) * 1.05 || 1;
  const x = (t: number) => PAD.left + ((t - first) / (last - first)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - low) / (high - low || 1)) * (H - PAD.top - PAD.bottom);
  const path = points
    .map((p, i) => {
      const px = x(times[i]!);
      const py = y(p.amount);
      return i === 0 ? `M${px},${py}` : `H${px}V${py}`;
    })
    .join('');
  const ticks = [low, (low + high) / 2, high];
  return (
    <figure className="space-y-2" data-testid="price-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full overflow-visible"
        role="img"
        aria-label={`Prix de ${name} ${PRICE_UNIT_LABELS[unit]}, du ${longDay().format(asDate(points[0]!.date))} au ${longDay().format(asDate(points.at(-1)!.date))} : de ${formatEuros(points[0]!.amount)} à ${formatEuros(points.at(-1)!.amount)}.`}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e7e5e4" strokeWidth={0.75} />
            <text x={PAD.left - 4} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={FONT} fill="#78716c">
              {formatEuros(tick)}
            </text>
          </g>
        ))}
        <path d={`${path}H${W - PAD.right}`} fill="none" stroke="#047857" strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={`${p.date}-${i}`} cx={x(times[i]!)} cy={y(p.amount)} r={3.5} fill={SOURCE_COLOURS[p.source]}>
            <title>{`${longDay().format(asDate(p.date))} : ${formatEuros(p.amount)} (${sourceText(p)})`}</title>
          </circle>
        ))}
        <text x={PAD.left} y={H - 6} fontSize={FONT} fill="#57534e">
          {day().format(asDate(points[0]!.date))}
        </text>
        <text x={W - PAD.right} y={H - 6} fontSize={FONT} fill="#57534e" textAnchor="end">
          {day().format(asDate(points.at(-1)!.date))}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-stone-600">
        <span>
          <span className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-emerald-700" aria-hidden="true" />
          Facture
        </span>
        <span>
          <span className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-sky-700" aria-hidden="true" />
          Tarif fournisseur
        </span>
        <span>
          <span className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-orange-600" aria-hidden="true" />
          Manuel
        </span>
        <span>Prix HT {PRICE_UNIT_LABELS[unit]}</span>
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>Historique des prix de {name}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Prix</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <th scope="row">{longDay().format(asDate(p.date))}</th>
                <td>{formatEuros(p.amount)}</td>
                <td>{sourceText(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
