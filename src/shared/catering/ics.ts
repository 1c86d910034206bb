import { addDays, daysBetween, isPlanDate } from './catering.ts';
import type { DatedLabel } from './calendar.ts';
import { lazy } from '../lazy.ts';

/**
 * Closed days from an iCalendar file (RFC 5545): the ministry's school holidays of a zone
 * (`fr-en-calendrier-scolaire/Zone-A.ics` of data.education.gouv.fr), a town's calendar, the
 * school's own days. Each VEVENT closes its days from DTSTART to the day before DTEND (all-day
 * events end the day after their last day, RFC 5545 § 3.6.1); an event without DTEND is one
 * day. Times are read as Paris dates. Recurring events (RRULE) are not expanded: they are
 * counted apart so the owner is told.
 */
const ICS_MAX_DAYS = 800;
const EVENT_MAX_DAYS = 120;

export interface IcsResult {
  days: DatedLabel[];
  /** Events skipped: recurring, without a readable date, longer than 120 days. */
  skipped: number;
}

const PARIS = lazy(
  () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }),
);

function unfold(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? ' ' : c));
}

/** The calendar date of a DTSTART/DTEND property line (`DTSTART;VALUE=DATE:20261017`, `…:20261016T220000Z`). */
function dateOf(line: string): string | null {
  const value = line.slice(line.indexOf(':') + 1).trim();
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isPlanDate(date)) return null;
  if (m[4] === undefined || m[7] !== 'Z') return date;
  return PARIS().format(new Date(`${date}T${m[4]}:${m[5]}:${m[6]}Z`));
}

export function parseIcs(text: string): IcsResult | null {
  const lines = unfold(text);
  if (!lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR')) return null;
  const days = new Map<string, string>();
  let skipped = 0;
  let event: { start: string | null; end: string | null; summary: string; recurring: boolean } | null = null;
  for (const raw of lines) {
    const line = raw.trimEnd();
    const name = line.split(/[;:]/, 1)[0]!.toUpperCase();
    if (line.toUpperCase() === 'BEGIN:VEVENT') event = { start: null, end: null, summary: '', recurring: false };
    else if (!event) continue;
    else if (line.toUpperCase() === 'END:VEVENT') {
      const { start, end, summary, recurring } = event;
      event = null;
      const last = end === null ? start : end > (start ?? '') ? addDays(end, -1) : start;
      if (recurring || start === null || last === null || daysBetween(start, last) >= EVENT_MAX_DAYS) {
        skipped += 1;
        continue;
      }
      // Control characters (NUL included) cannot be stored, and say nothing to a reader.
      const printable = [...summary].map((ch) => (ch.charCodeAt(0) < 32 || ch === '\u007f' ? ' ' : ch)).join('');
      const label = (printable.trim() || 'Fermé').slice(0, 120).trim();
      for (let d = start; d <= last; d = addDays(d, 1)) days.set(d, label);
      if (days.size > ICS_MAX_DAYS) return null;
    } else if (name === 'DTSTART') event.start = dateOf(line);
    else if (name === 'DTEND') event.end = dateOf(line);
    else if (name === 'SUMMARY') event.summary = unescapeText(line.slice(line.indexOf(':') + 1));
    else if (name === 'RRULE' || name === 'RDATE') event.recurring = true;
  }
  return {
    days: [...days].map(([date, label]) => ({ date, label })).sort((a, b) => (a.date < b.date ? -1 : 1)),
    skipped,
  };
}
