import { useId } from 'react';
import type { Invoice, InvoiceLine } from '../../../shared/api/purchases.ts';
import { PRICE_UNIT_LABELS } from '../../../shared/api/product-vocabulary.ts';
import { unitCodeLabel } from '../../../shared/purchases/invoice-units.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/card.tsx';
import { formatEuros, formatNumber } from '../../lib/format.ts';

export interface ProductChoice {
  id: string;
  name: string;
}

const MATCH_LABELS = { learned: 'Appris', suggested: 'Suggéré' } as const;
const quantityText = (line: InvoiceLine) =>
  `${formatNumber(line.quantity, line.quantity % 1 === 0 ? 0 : 3)} ${unitCodeLabel(line.unitCode)}`;

function LineRow({
  line,
  products,
  editable,
  onChoose,
  onCreate,
  busy,
}: {
  line: InvoiceLine;
  products: ProductChoice[];
  editable: boolean;
  onChoose: (productId: string | null) => void;
  onCreate: () => void;
  busy: boolean;
}) {
  const selectId = useId();
  const per = line.pricePerBase;
  return (
    <li className="space-y-2 py-3" data-testid="invoice-line">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="min-w-0 basis-full font-medium break-words sm:basis-auto sm:flex-1">
          {line.description}
          {line.supplierArticleId && <span className="ml-2 text-xs text-stone-500">réf. {line.supplierArticleId}</span>}
        </p>
        <p className="text-sm tabular-nums">
          {quantityText(line)} × {formatEuros(line.unitPrice, 2)} = <strong>{formatEuros(line.lineTotal)}</strong>
          {line.vatRate !== null && (
            <span className="text-stone-500"> · TVA {formatNumber(line.vatRate, line.vatRate % 1 ? 1 : 0)} %</span>
          )}
        </p>
      </div>
      {per && (
        <p className="text-xs text-stone-600">
          Soit {formatEuros(per.amount, per.amount < 1 ? 3 : 2)} {PRICE_UNIT_LABELS[per.per]}
          {line.contents.per !== 'unité' && line.contents.amount !== 1 && (
            <>
              {' '}
              ({unitCodeLabel(line.unitCode)} de {formatNumber(line.contents.amount, 3)} {line.contents.per})
            </>
          )}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={selectId} className="block text-xs font-medium text-stone-700">
            Produit
          </label>
          <select
            id={selectId}
            className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm disabled:bg-stone-100"
            value={line.productId ?? ''}
            disabled={!editable || busy}
            onChange={(event) => onChoose(event.target.value || null)}
          >
            <option value="">— Aucun (ne met à jour aucun prix) —</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        {line.match && <Badge tone={line.match === 'learned' ? 'green' : 'orange'}>{MATCH_LABELS[line.match]}</Badge>}
        {editable && line.productId === null && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={onCreate}>
            Créer ce produit
          </Button>
        )}
      </div>
    </li>
  );
}

/** The lines of an invoice, each with the product it updates: suggested, learned, or chosen by the owner. */
export function InvoiceLines({
  invoice,
  products,
  editable,
  busy,
  onChoose,
  onCreate,
}: {
  invoice: Invoice;
  products: ProductChoice[];
  editable: boolean;
  busy: boolean;
  onChoose: (line: InvoiceLine, productId: string | null) => void;
  onCreate: (line: InvoiceLine) => void;
}) {
  return (
    <ul className="divide-y divide-stone-200" data-testid="invoice-lines">
      {invoice.lines.map((line) => (
        <LineRow
          key={line.id}
          line={line}
          products={products}
          editable={editable}
          busy={busy}
          onChoose={(productId) => onChoose(line, productId)}
          onCreate={() => onCreate(line)}
        />
      ))}
    </ul>
  );
}
