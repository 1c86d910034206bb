import { Link } from 'react-router';
import type { InvoiceSummary } from '../../../shared/api/purchases.ts';
import { Badge } from '../../components/ui/card.tsx';
import { formatEuros, formatShortDate } from '../../lib/format.ts';

/** The invoices, newest first: supplier, number, total HT, draft or confirmed, lines matched. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <ul className="divide-y divide-stone-200" data-testid="invoice-list">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
          <Link
            to={`/achats/${invoice.id}`}
            className="min-w-0 flex-1 font-medium text-stone-900 underline-offset-2 hover:underline"
          >
            {invoice.supplier.name} · {invoice.number}
          </Link>
          <span className="text-sm text-stone-600">{formatShortDate(`${invoice.date}T12:00:00Z`)}</span>
          <span className="text-sm font-semibold tabular-nums">
            {formatEuros(invoice.kind === 'credit_note' ? -invoice.totalValue : invoice.totalValue)} HT
          </span>
          {invoice.kind === 'credit_note' && <Badge tone="orange">Avoir</Badge>}
          {invoice.status === 'draft' ? (
            <Badge tone="orange">
              Brouillon · {invoice.matchedLines}/{invoice.lineCount} lignes rapprochées
            </Badge>
          ) : (
            <Badge tone="green">Validée</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
