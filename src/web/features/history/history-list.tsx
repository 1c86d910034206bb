import type { AuditEvent } from '../../../shared/api/organisations.ts';
import { formatDateTime } from '../../lib/format.ts';
import { historySentence } from './history-sentence.ts';

/** « Marie a confirmé les allergènes de Quiche lorraine — 12 mars 2026 à 14:05 », newest first. */
export function HistoryList({ events, label }: { events: AuditEvent[]; label: string }) {
  return (
    <ol className="divide-y divide-stone-100" aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className="py-3 text-sm text-stone-800" data-testid="history-event">
          {historySentence(event)}{' '}
          <time dateTime={event.at} className="whitespace-nowrap text-stone-500">
            — {formatDateTime(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
