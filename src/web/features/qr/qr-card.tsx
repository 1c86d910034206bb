import { Suspense, useState } from 'react';
import type { QrCode } from '../../../shared/api/qr.ts';
import { Badge, Card } from '../../components/ui/card.tsx';
import { countOf } from '../../../shared/typography.ts';
import { formatDate } from '../../lib/format.ts';
import { QrDownloadChoices } from './download-choices.tsx';
import type { ScheduleDraw } from './draw-queue.ts';
import type { QrWriteActions } from './qr-card-actions.tsx';
import { ActionsButton } from './actions-button.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { QrDrawing } from './qr-drawing.tsx';
import { LIST_QR_SIZE } from './qr-style.ts';

// The « Actions » menu (Radix's dropdown and its confirmation) and the statistics panel are
// opened on demand: their code loads once the page has painted (the 120 kB budget of docs/decisions/0041-first-load-javascript.md).
const { Component: QrCardActions, usePreload: usePreloadActions } = lazyComponent(
  () => import('./qr-card-actions.tsx'),
  (m) => m.QrCardActions,
);
const { Component: ScanStatsPanel, usePreload: usePreloadStats } = lazyComponent(
  () => import('./scan-chart.tsx'),
  (m) => m.ScanStatsPanel,
);

/**
 * A card of the « Codes QR » grid (docs/product/spec.md « Codes QR page »). `actions` (activate,
 * delete) are given to the roles that may write; everyone downloads, opens and prints. Every
 * action but « Télécharger » is in the card's « Actions » menu (qr-card-actions.tsx).
 */
export function QrCard({
  code,
  scheduleDraw,
  actions,
}: {
  code: QrCode;
  scheduleDraw: ScheduleDraw;
  actions: QrWriteActions | null;
}) {
  const [statsOpen, setStatsOpen] = useState(false);
  const active = code.status === 'active';
  usePreloadActions();
  usePreloadStats();

  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid="qr-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold">{code.name}</h2>
          <p className="break-words text-sm text-stone-600">
            Menu : <span className="font-medium text-stone-800">{code.menu.name}</span>
          </p>
        </div>
        <Badge tone={active ? 'green' : 'neutral'} className="shrink-0">
          {active ? 'Actif' : 'Inactif'}
        </Badge>
      </div>
      <div className="rounded-lg border border-stone-100 bg-white py-2">
        <QrDrawing
          key={code.qrData}
          data={code.qrData}
          size={LIST_QR_SIZE}
          type="canvas"
          label={`Code QR ${code.name}`}
          schedule={scheduleDraw}
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500">Scans</dt>
        <dd className="font-medium" data-testid="qr-scans">
          {countOf(code.scanCount, 'scan')}
        </dd>
        <dt className="text-stone-500">Créé le</dt>
        <dd>{formatDate(code.createdAt)}</dd>
        <dt className="text-stone-500">URL</dt>
        <dd className="min-w-0 break-all font-mono text-xs leading-5 text-stone-700" data-testid="qr-url">
          {code.qrData}
        </dd>
      </dl>
      <div className="mt-auto flex items-start gap-2 border-t border-stone-100 pt-3">
        <QrDownloadChoices code={code} accessibleName={`Télécharger le code ${code.name}`} className="flex-1" />
        <Suspense fallback={<ActionsButton disabled aria-label={`Actions du code ${code.name}`} />}>
          <QrCardActions code={code} statsOpen={statsOpen} onStatsChange={setStatsOpen} write={actions} />
        </Suspense>
      </div>
      {statsOpen && (
        <Suspense fallback={null}>
          <ScanStatsPanel codeId={code.id} onClose={() => setStatsOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
