import {
  ENGINEERING_ADVICE,
  ENGINEERING_CLASSES,
  ENGINEERING_LABELS,
  type Engineering,
  type EngineeringClass,
} from '../../../shared/api/purchases.ts';
import { formatEuros, formatNumber } from '../../lib/format.ts';

const W = 320;
const H = 240;
const PAD = { left: 40, right: 12, top: 12, bottom: 30 };
const FONT = 11;
export const CLASS_COLOURS: Record<EngineeringClass, string> = {
  star: '#047857',
  plowhorse: '#2563eb',
  puzzle: '#b45309',
  dog: '#b91c1c',
};

/**
 * The four quadrants of menu engineering (Kasavana and Smith): popularity (share of sales)
 * across, margin per dish up; the lines are 70 % of an even share and the average margin.
 * A hidden table gives the same figures to screen readers.
 */
export function EngineeringChart({ engineering }: { engineering: Engineering }) {
  const items = engineering.items.filter((i) => i.class !== null && i.marginPerItem !== null);
  if (items.length === 0 || engineering.averageMargin === null)
    return (
      <p className="text-sm text-stone-600">Pas encore de ventes rapprochées de plats chiffrés sur cette période.</p>
    );
  const maxMix = Math.max(engineering.popularityThreshold * 2, ...items.map((i) => i.popularityIndex)) * 1.1;
  const margins = items.map((i) => i.marginPerItem!);
  const top = Math.max(engineering.averageMargin * 2, ...margins) * 1.1;
  const bottom = Math.min(0, ...margins);
  const x = (mix: number) => PAD.left + (mix / maxMix) * (W - PAD.left - PAD.right);
  const y = (margin: number) => PAD.top + (1 - (margin - bottom) / (top - bottom || 1)) * (H - PAD.top - PAD.bottom);
  const corner = (cls: EngineeringClass) => {
    const right = cls === 'star' || cls === 'plowhorse';
    const upper = cls === 'star' || cls === 'puzzle';
    return {
      x: right ? W - PAD.right - 4 : PAD.left + 4,
      y: upper ? PAD.top + 12 : H - PAD.bottom - 6,
      anchor: right ? 'end' : 'start',
    } as const;
  };
  return (
    <figure className="space-y-2" data-testid="engineering-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full overflow-visible"
        role="img"
        aria-label={`Matrice des plats : popularité en abscisse (seuil ${formatNumber(engineering.popularityThreshold, 1)} %), marge en ordonnée (moyenne ${formatEuros(engineering.averageMargin)}).`}
      >
        <rect
          x={PAD.left}
          y={PAD.top}
          width={W - PAD.left - PAD.right}
          height={H - PAD.top - PAD.bottom}
          fill="#fafaf9"
          stroke="#d6d3d1"
        />
        <line
          x1={x(engineering.popularityThreshold)}
          x2={x(engineering.popularityThreshold)}
          y1={PAD.top}
          y2={H - PAD.bottom}
          stroke="#78716c"
          strokeDasharray="4 3"
        />
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(engineering.averageMargin)}
          y2={y(engineering.averageMargin)}
          stroke="#78716c"
          strokeDasharray="4 3"
        />
        {ENGINEERING_CLASSES.map((cls) => {
          const c = corner(cls);
          return (
            <text
              key={cls}
              x={c.x}
              y={c.y}
              textAnchor={c.anchor}
              fontSize={FONT}
              fontWeight={600}
              fill={CLASS_COLOURS[cls]}
            >
              {ENGINEERING_LABELS[cls]}
            </text>
          );
        })}
        {items.map((item) => (
          <g key={item.itemId}>
            <circle cx={x(item.popularityIndex)} cy={y(item.marginPerItem!)} r={5} fill={CLASS_COLOURS[item.class!]}>
              <title>{`${item.name} : ${formatNumber(item.sold)} vendus (${formatNumber(item.popularityIndex, 1)} %), marge ${formatEuros(item.marginPerItem!)}`}</title>
            </circle>
            <text
              x={x(item.popularityIndex) + (x(item.popularityIndex) > W * 0.6 ? -7 : 7)}
              y={y(item.marginPerItem!)}
              dy="0.32em"
              textAnchor={x(item.popularityIndex) > W * 0.6 ? 'end' : 'start'}
              fontSize={FONT - 1}
              fill="#292524"
            >
              {item.name.length > 18 ? `${item.name.slice(0, 17)}…` : item.name}
            </text>
          </g>
        ))}
        <text x={(W + PAD.left) / 2} y={H - 8} textAnchor="middle" fontSize={FONT} fill="#57534e">
          Popularité (part des ventes)
        </text>
        <text
          x={12}
          y={(H - PAD.bottom) / 2}
          textAnchor="middle"
          fontSize={FONT}
          fill="#57534e"
          transform={`rotate(-90 12 ${(H - PAD.bottom) / 2})`}
        >
          Marge par plat (HT)
        </text>
      </svg>
      <div className="sr-only">
        <table>
          <caption>Ventes et marges des plats</caption>
          <thead>
            <tr>
              <th scope="col">Plat</th>
              <th scope="col">Vendus</th>
              <th scope="col">Part des ventes</th>
              <th scope="col">Marge</th>
              <th scope="col">Classe</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.itemId}>
                <th scope="row">{item.name}</th>
                <td>{formatNumber(item.sold)}</td>
                <td>{formatNumber(item.popularityIndex, 1)} %</td>
                <td>{formatEuros(item.marginPerItem!)}</td>
                <td>{ENGINEERING_LABELS[item.class!]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** What to do for each class present on the menu. */
export function EngineeringAdvice({ engineering }: { engineering: Engineering }) {
  return (
    <ul className="space-y-2">
      {ENGINEERING_CLASSES.map((cls) => {
        const names = engineering.items.filter((i) => i.class === cls).map((i) => i.name);
        if (names.length === 0) return null;
        return (
          <li key={cls} className="rounded-lg border border-stone-200 p-3 text-sm">
            <p className="font-semibold" style={{ color: CLASS_COLOURS[cls] }}>
              {ENGINEERING_LABELS[cls]} : {names.join(', ')}
            </p>
            <p className="text-stone-700">{ENGINEERING_ADVICE[cls]}</p>
          </li>
        );
      })}
    </ul>
  );
}
