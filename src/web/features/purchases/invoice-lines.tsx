import { useId, type ReactNode } from 'react';
import type { Invoice, InvoiceLine } from '../../../shared/api/purchases.ts';
import { PRICE_UNIT_LABELS, type PriceUnit } from '../../../shared/api/product-vocabulary.ts';
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

/** What a supplier's line (an invoice's, a price list's) shows beside its product choice. */
export interface MatchableLine {
  id: string;
  description: string;
  supplierArticleId: string | null;
  productId: string | null;
  match: 'learned' | 'suggested' | null;
}

/** « Soit 2,60 € le litre (carton de 6 l) »: the line's price per kg, l or unité. */
export function PerBase({
  per,
  contents,
  packLabel,
}: {
  per: { amount: number; per: PriceUnit };
  contents: { amount: number; per: PriceUnit };
  packLabel: string;
}) {
  return (
    <p className="text-xs text-stone-600">
      Soit {formatEuros(per.amount, per.amount < 1 ? 3 : 2)} {PRICE_UNIT_LABELS[per.per]}
      {contents.per !== 'unité' && contents.amount !== 1 && (
        <>
          {' '}
          ({packLabel} de {formatNumber(contents.amount, contents.amount % 1 === 0 ? 0 : 3)} {contents.per})
        </>
      )}
    </p>
  );
}

/** One line: its description and figures, and the product it updates (suggested, learned or chosen), or « Créer ce produit ». */
export function MatchedLineRow({
  line,
  figures,
  details,
  products,
  editable,
  onChoose,
  onCreate,
  busy,
  testId,
}: {
  line: MatchableLine;
  figures: ReactNode;
  details?: ReactNode;
  products: ProductChoice[];
  editable: boolean;
  onChoose: (productId: string | null) => void;
  onCreate: () => void;
  busy: boolean;
  testId: string;
}) {
  const selectId = useId();
  return (
    <li className="space-y-2 py-3" data-testid={testId}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="min-w-0 basis-full font-medium break-words sm:basis-auto sm:flex-1">
          {line.description}
          {line.supplierArticleId && <span className="ml-2 text-xs text-stone-500">réf. {line.supplierArticleId}</span>}
        </p>
        <p className="text-sm tabular-nums">{figures}</p>
      </div>
      {details}
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

function LineRow({
  line,
  ...props
}: {
  line: InvoiceLine;
  products: ProductChoice[];
  editable: boolean;
  onChoose: (productId: string | null) => void;
  onCreate: () => void;
  busy: boolean;
}) {
  return (
    <MatchedLineRow
      {...props}
      line={line}
      testId="invoice-line"
      figures={
        <>
          {quantityText(line)} × {formatEuros(line.unitPrice, 2)} = <strong>{formatEuros(line.lineTotal)}</strong>
          {line.vatRate !== null && (
            <span className="text-stone-500"> · TVA {formatNumber(line.vatRate, line.vatRate % 1 ? 1 : 0)} %</span>
          )}
        </>
      }
      details={
        line.pricePerBase && (
          <PerBase per={line.pricePerBase} contents={line.contents} packLabel={unitCodeLabel(line.unitCode)} />
        )
      }
    />
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
