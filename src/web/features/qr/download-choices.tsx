import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { downloadQrCode } from './download.ts';
import type { QrFileFormat } from './qr-style.ts';

const FORMATS: { format: QrFileFormat; label: string; hint: string }[] = [
  { format: 'pdf', label: 'PDF', hint: 'pour l’imprimeur' },
  { format: 'svg', label: 'SVG', hint: 'vectoriel, toutes tailles' },
  { format: 'png', label: 'PNG', hint: '2 000 px' },
];

/**
 * « Télécharger », then the file: a PDF or an SVG for a print shop, a 2,000 px PNG for
 * anything else (docs/decisions/0036-the-owners-day.md). The choices open under the button.
 */
export function QrDownloadChoices({
  code,
  label = 'Télécharger',
  accessibleName,
  disabled = false,
  className,
}: {
  code: { name: string; qrData: string } | null;
  label?: string;
  /** The name a screen reader says when `label` alone does not say which code (RGAA 11.9). */
  accessibleName?: string;
  disabled?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const download = async (format: QrFileFormat) => {
    if (!code) return;
    setBusy(true);
    await downloadQrCode(code, format);
    setBusy(false);
    setOpen(false);
  };
  return (
    <div className={className}>
      <Button
        size="sm"
        className="w-full"
        aria-expanded={open}
        aria-controls={listId}
        disabled={disabled || !code}
        aria-label={accessibleName}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </Button>
      {open && (
        <ul id={listId} className="mt-2 grid gap-1" aria-label="Format du fichier">
          {FORMATS.map(({ format, label: name, hint }) => (
            <li key={format}>
              <Button
                size="sm"
                variant="secondary"
                className="h-auto min-h-8 w-full flex-wrap justify-start gap-x-2 gap-y-0 py-1 text-left"
                disabled={busy}
                aria-label={`${name} (${hint})`}
                onClick={() => void download(format)}
              >
                <span>{name}</span>
                {/* One choice a line, the hint beside its format: three side by side left « pour l’imprimeur »
                    wider than its button at 360 px, over its neighbours. Its own `whitespace-normal`: the
                    button's `whitespace-nowrap` wins over one beside it. */}
                <span className="whitespace-normal text-xs font-normal text-stone-600">{hint}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
