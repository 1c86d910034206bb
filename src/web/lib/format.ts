/** fr-FR formatting (docs/conventions.md 9). Formatters are made on first use (src/shared/lazy.ts). */
import { lazy } from '../../shared/lazy.ts';

const dateFormat = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' }));
const shortDate = lazy(() => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' }));

/** The first of a month is written « 1er » in French (« 1er janvier »); Intl writes « 1 ». */
const firstOrdinal = (formatted: string) => formatted.replace(/^1(?=\s)/u, '1er');

export const formatDate = (iso: string | Date) => firstOrdinal(dateFormat().format(new Date(iso)));
export const formatShortDate = (iso: string | Date) => shortDate().format(new Date(iso));
export const formatNumber = (value: number, digits = 0) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
export const formatEuros = (value: number, digits = 2) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
const dateTimeFormat = lazy(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' }));
/** « 21 novembre 2026 à 14:05 ». */
export const formatDateTime = (iso: string | Date) => firstOrdinal(dateTimeFormat().format(new Date(iso)));
const dayMonth = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Europe/Paris' }),
);
const dayMonthYear = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }),
);
const parisYear = lazy(() => new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }));
/** « 12 mars » this year, « 12 mars 2025 » another year (Paris time: a kitchen's dates are French). */
export const formatDayMonth = (iso: string | Date, now: Date = new Date()) => {
  const date = new Date(iso);
  return firstOrdinal(
    parisYear().format(date) === parisYear().format(now) ? dayMonth().format(date) : dayMonthYear().format(date),
  );
};
