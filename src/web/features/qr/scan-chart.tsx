import type { QrScanStats } from '../../../shared/api/qr.ts';
import { Button } from '../../components/ui/button.tsx';
import { lazy } from '../../../shared/lazy.ts';
import { countOf } from '../../../shared/typography.ts';
import { formatNumber } from '../../lib/format.ts';
import { useQrScanStats } from './api.ts';

export const STATS_DAYS = 30;

// The API's days are calendar dates (Paris): read and printed in UTC so no offset moves them.
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const longDay = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
);
const scans = (n: number) => countOf(n, 'scan');

/** 0, then whole steps of 1, 2 or 5 × 10ⁿ up to the first tick at or above `max`. */
export function yTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 3;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 1);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

// Drawing units of the viewBox; the SVG scales to the card's width.
const W = 280;
const H = 136;
const PAD = { left: 22, right: 4, top: 8, bottom: 22 };
const FONT = 10;
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

/** Bars of scans per day, with a visually hidden table of the same values for screen readers. */
export function ScanChart({ stats }: { stats: QrScanStats }) {
  const { days, total } = stats;
  const ticks = yTicks(Math.max(0, ...days.map((d) => d.scans)));
  const top = ticks.at(-1) ?? 1;
  const slot = PLOT_W / Math.max(days.length, 1);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const first = days[0];
  const last = days.at(-1);
  const range =
    first && last ? `du ${longDay().format(asDate(first.date))} au ${longDay().format(asDate(last.date))}` : '';
  // Every 7th day is labelled, counted back from today so today always is.
  const labelled = (i: number) => (days.length - 1 - i) % 7 === 0;

  return (
    <figure className="space-y-2" data-testid="scan-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full overflow-visible"
        role="img"
        aria-label={`Scans par jour ${range} : ${scans(total)} au total.`}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? '#78716c' : '#e7e5e4'}
              strokeWidth={tick === 0 ? 1 : 0.75}
            />
            <text x={PAD.left - 5} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={FONT} fill="#78716c">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          const isLast = i === days.length - 1;
          return (
            <g key={day.date}>
              {day.scans > 0 && (
                <rect x={x} y={y(day.scans)} width={barWidth} height={y(0) - y(day.scans)} rx={1.5} fill="#059669">
                  <title>{`${shortDay().format(asDate(day.date))} : ${scans(day.scans)}`}</title>
                </rect>
              )}
              {labelled(i) && (
                <text
                  x={isLast ? W - PAD.right : x + barWidth / 2}
                  y={H - 6}
                  textAnchor={isLast ? 'end' : 'middle'}
                  fontSize={FONT}
                  fill="#57534e"
                >
                  {shortDay().format(asDate(day.date))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* A table ignores the width of `sr-only`: its wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>Scans par jour {range}</caption>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Scans</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{longDay().format(asDate(day.date))}</th>
                <td>{formatNumber(day.scans)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The « Statistiques » panel of a QR card: loads the last 30 days when opened. */
export function ScanStatsPanel({ codeId, onClose }: { codeId: string; onClose: () => void }) {
  const stats = useQrScanStats(codeId, STATS_DAYS);
  return (
    <section
      aria-label="Statistiques des scans"
      className="space-y-2 rounded-lg bg-stone-50 p-3"
      data-testid="qr-stats"
    >
      {stats.isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600">
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
            aria-hidden="true"
          />
          Chargement des statistiques...
        </p>
      ) : stats.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>Erreur lors du chargement des statistiques</p>
          <Button size="sm" variant="secondary" onClick={() => void stats.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm">
            <span className="font-semibold" data-testid="qr-stats-total">
              {scans(stats.data.total)}
            </span>{' '}
            <span className="text-stone-600">sur les {STATS_DAYS} derniers jours</span>
          </p>
          {stats.data.total === 0 && (
            <p className="text-xs text-stone-500">
              Aucun scan pour l’instant : posez la carte de table pour que vos clients le découvrent.
            </p>
          )}
          <ScanChart stats={stats.data} />
        </>
      )}
      <Button size="sm" variant="ghost" onClick={onClose}>
        Masquer les statistiques
      </Button>
    </section>
  );
}
