import { withFirstOrdinal } from '../../../shared/catering/catering.ts';
import { lazy } from '../../../shared/lazy.ts';

// Made on first use (src/shared/lazy.ts).
const LONG = lazy(
  () => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
);
const SHORT = lazy(() => new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', timeZone: 'UTC' }));
const MONTH = lazy(() => new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** Plan dates are calendar days (YYYY-MM-DD) read in UTC, like the server's (src/shared/catering/catering.ts). */
const at = (date: string) => new Date(`${date}T00:00:00Z`);
export const dayLabel = (date: string) => withFirstOrdinal(LONG().format(at(date)));
export const shortDayLabel = (date: string) => SHORT().format(at(date));
export const monthLabel = (date: string) => MONTH().format(at(date));
export const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
export function lastOfMonth(date: string): string {
  const d = at(firstOfMonth(date));
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
}
export const todayIso = () => new Date().toISOString().slice(0, 10);
