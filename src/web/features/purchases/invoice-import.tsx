import { useState } from 'react';
import { Link } from 'react-router';
import type { Invoice } from '../../../shared/api/purchases.ts';
import { ApiError } from '../../lib/api.ts';
import { formatEuros, formatNumber } from '../../lib/format.ts';
import { FileDrop } from './file-drop.tsx';
import { uploadInvoice } from './api.ts';

type Upload =
  | { name: string; state: 'sending'; share: number }
  | { name: string; state: 'done'; invoice: Invoice }
  | { name: string; state: 'refused'; message: string };

/** Several invoices at once: each file sent in turn, its result on its own line (the others go on). */
export function InvoiceImport({ onImported }: { onImported: () => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    setUploads(files.map((f) => ({ name: f.name, state: 'sending', share: 0 })));
    const set = (index: number, upload: Upload) =>
      setUploads((list) => list.map((item, i) => (i === index ? upload : item)));
    for (const [index, file] of files.entries()) {
      try {
        const { invoice } = await uploadInvoice(file, (share) =>
          set(index, { name: file.name, state: 'sending', share }),
        );
        set(index, { name: file.name, state: 'done', invoice });
      } catch (error) {
        const message =
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Erreur lors de l’envoi : réessayez';
        set(index, { name: file.name, state: 'refused', message });
      }
    }
    setBusy(false);
    onImported();
  };
  return (
    <div className="space-y-3" data-testid="invoice-import">
      <FileDrop
        label="Choisir des factures"
        hint="ou déposez-les ici : Factur-X (PDF), CII ou UBL (XML), plusieurs à la fois"
        accept=".pdf,.xml,application/pdf,application/xml,text/xml"
        multiple
        disabled={busy}
        onFiles={(files) => void send(files)}
      />
      {uploads.length > 0 && (
        <ul className="space-y-2" aria-live="polite">
          {uploads.map((upload, index) => (
            <li key={index} className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
              <p className="font-medium break-all">{upload.name}</p>
              {upload.state === 'sending' ? (
                <p role="status" className="text-stone-600">
                  Envoi… {formatNumber(upload.share * 100)} %
                </p>
              ) : upload.state === 'done' ? (
                <p className="text-brand-800">
                  Facture {upload.invoice.number} de {upload.invoice.supplier.name},{' '}
                  {formatEuros(upload.invoice.totalValue)} HT :{' '}
                  <Link to={`/achats/${upload.invoice.id}`} className="font-semibold underline underline-offset-2">
                    vérifier ses {upload.invoice.lines.length} lignes
                  </Link>
                </p>
              ) : (
                <p role="alert" className="text-red-700">
                  {upload.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
