/** Calendar dates of a label, as `YYYY-MM-DD` strings (no time zone: a day is a day). */

export function addDaysIso(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads a year before 100 as 19xx.
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d + days);
  return at.toISOString().slice(0, 10);
}

/** « 10/09/2026 », as French labels print a date. */
export function frenchDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

/** « lundi 7/09/2026 » → « lundi 07/09/2026 ». */
export function frenchDayDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${frenchDate(date)}`;
}

/** A lot number from the production date (« L260907 »), the default: one lot per recipe and day. */
export const dateLot = (date: string): string => `L${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;

/** Today in Paris, `YYYY-MM-DD`. */
export function parisToday(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}
