import type { QrCode } from '../../../shared/api/qr.ts';
import type { ReactNode } from 'react';

const TABLE_CARD_CALL_TO_ACTION =
  'Scannez pour découvrir notre menu, les allergènes et les informations nutritionnelles';
/** About 69 mm on the A6 card: large enough for any phone from a seat. */
export const TABLE_CARD_QR_SIZE = 260;

/**
 * The A6 table card: the restaurant, the code drawn large and what scanning it gives.
 * `drawing` is the QR code itself (the page composes it from the QR feature).
 */
export function TableCard({
  code,
  restaurantName,
  address = null,
  drawing,
}: {
  code: QrCode;
  restaurantName: string;
  address?: string | null;
  drawing: ReactNode;
}) {
  return (
    <div className="flex h-full p-[5mm]" data-testid="table-card">
      <div className="flex min-w-0 flex-1 flex-col items-center justify-between gap-3 rounded-2xl border-2 border-brand-700 px-[6mm] py-[6mm] text-center">
        <div>
          <p className="text-[10px] font-semibold uppercase tracking-[0.3em] text-accent-700">Bienvenue</p>
          <h1 className="mt-1 break-words text-2xl font-bold leading-tight text-stone-900">
            {restaurantName || code.menu.name}
          </h1>
          {address && (
            <p className="mt-1 break-words text-xs text-stone-600" data-testid="card-establishment">
              {address}
            </p>
          )}
        </div>
        {drawing}
        <div className="space-y-2">
          <p className="text-[15px] font-semibold leading-snug text-brand-800">{TABLE_CARD_CALL_TO_ACTION}</p>
          <p className="break-words text-sm text-stone-600">
            Menu : <span className="font-semibold text-stone-900">{code.menu.name}</span>
          </p>
          {/* The code's address in words, for a diner who cannot scan it (RGAA 1.1 and 1.3). */}
          <p className="break-all text-[10px] leading-tight text-stone-600" data-testid="card-address">
            {code.qrData}
          </p>
        </div>
      </div>
    </div>
  );
}
