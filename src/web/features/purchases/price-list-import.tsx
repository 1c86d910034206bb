import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { PriceList, PriceListSummary } from '../../../shared/api/purchases.ts';
import { Badge } from '../../components/ui/card.tsx';
import { formatNumber, formatShortDate } from '../../lib/format.ts';
import { FileDrop } from './file-drop.tsx';
import { uploadPriceList } from './api.ts';
import { errorText } from './texts.ts';

type Upload =
  | { name: string; state: 'sending'; share: number }
  | { name: string; state: 'done'; priceList: PriceList }
  | { name: string; state: 'refused'; message: string };

const day = (iso: string) => formatShortDate(`${iso}T12:00:00Z`);

/**
 * A supplier's price list (« tarif », « mercuriale »), CSV or Excel: its supplier and date d'effet
 * typed when the file does not say them, then the file dropped or chosen; it arrives as a draft.
 */
export function PriceListImport({ onImported }: { onImported: () => void }) {
  const supplierId = useId();
  const dateId = useId();
  const [supplier, setSupplier] = useState('');
  const [effectiveDate, setEffectiveDate] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ name: file.name, state: 'sending', share: 0 });
    try {
      const { priceList } = await uploadPriceList(file, { supplier, effectiveDate }, (share) =>
        setUpload({ name: file.name, state: 'sending', share }),
      );
      setUpload({ name: file.name, state: 'done', priceList });
      onImported();
    } catch (error) {
      setUpload({ name: file.name, state: 'refused', message: errorText(error, 'Erreur lors de l’envoi : réessayez') });
    }
  };
  const busy = upload?.state === 'sending';
  return (
    <div className="space-y-3" data-testid="price-list-import">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={supplierId} className="block text-sm font-medium">
            Fournisseur
          </label>
          <input
            id={supplierId}
            className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
            value={supplier}
            maxLength={200}
            autoComplete="organization"
            aria-describedby={`${supplierId}-hint`}
            onChange={(event) => setSupplier(event.target.value)}
          />
          <p id={`${supplierId}-hint`} className="text-xs text-stone-600">
            Obligatoire si le fichier n’a pas de colonne « Fournisseur ».
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={dateId} className="block text-sm font-medium">
            Date d’effet
          </label>
          <input
            id={dateId}
            type="date"
            className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
            value={effectiveDate}
            aria-describedby={`${dateId}-hint`}
            onChange={(event) => setEffectiveDate(event.target.value)}
          />
          <p id={`${dateId}-hint`} className="text-xs text-stone-600">
            Sinon celle du fichier, ou aujourd’hui.
          </p>
        </div>
      </div>
      <FileDrop
        label="Choisir un tarif"
        hint="ou déposez-le ici : CSV ou Excel (.xlsx), une ligne par article (désignation, prix HT…)"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={busy}
        onFiles={(files) => void send(files[0])}
      />
      {upload && (
        <div className="rounded-lg border border-stone-200 bg-white p-3 text-sm" aria-live="polite">
          <p className="font-medium break-all">{upload.name}</p>
          {upload.state === 'sending' ? (
            <p role="status" className="text-stone-600">
              Envoi… {formatNumber(upload.share * 100)} %
            </p>
          ) : upload.state === 'done' ? (
            <p className="text-brand-800">
              Tarif de {upload.priceList.supplier.name} au {day(upload.priceList.effectiveDate)} :{' '}
              <Link to={`/achats/tarifs/${upload.priceList.id}`} className="font-semibold underline underline-offset-2">
                vérifier ses {formatNumber(upload.priceList.lines.length)} articles
              </Link>
            </p>
          ) : (
            <p role="alert" className="text-red-700">
              {upload.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The price lists, newest date d'effet first: supplier, date, draft or confirmed, lines matched. */
export function PriceListList({ priceLists }: { priceLists: PriceListSummary[] }) {
  return (
    <ul className="divide-y divide-stone-200" data-testid="price-list-list">
      {priceLists.map((list) => (
        <li key={list.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
          <Link
            to={`/achats/tarifs/${list.id}`}
            className="min-w-0 flex-1 font-medium text-stone-900 underline-offset-2 hover:underline"
          >
            Tarif {list.supplier.name}
          </Link>
          <span className="text-sm text-stone-600">au {day(list.effectiveDate)}</span>
          {list.status === 'draft' ? (
            <Badge tone="orange">
              Brouillon · {list.matchedLines}/{list.lineCount} articles rapprochés
            </Badge>
          ) : (
            <Badge tone="green">Validé · {list.lineCount} articles</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
