import { addDays, type Service } from './catering.ts';
import {
  EVERY_DAY_KINDS,
  isSchool,
  weekdayOf,
  type CoversByService,
  type EstablishmentKind,
  type SchoolZone,
} from './establishment.ts';

/**
 * An establishment's calendar (docs/product/meal-plans.md « The establishment and its
 * calendar »): which days it serves, and why it does not serve the others. Pure: the server
 * gives the school holidays of data/school-holidays/france.json and the days the site closed.
 */

/** Easter Sunday of `year` (Gregorian calendar; the anonymous algorithm of Meeus, « Astronomical Algorithms », ch. 8). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface DatedLabel {
  date: string;
  label: string;
}

/**
 * The eleven public holidays of the Code du travail, art. L. 3133-1, everywhere in France
 * (Alsace-Moselle's Good Friday and 26 December, and the overseas abolition days, are closed
 * days the establishment adds).
 */
export function publicHolidays(year: number): DatedLabel[] {
  const easter = easterSunday(year);
  const fixed = (md: string, label: string) => ({ date: `${year}-${md}`, label });
  return [
    fixed('01-01', 'Jour de l’an'),
    { date: addDays(easter, 1), label: 'Lundi de Pâques' },
    fixed('05-01', 'Fête du Travail'),
    fixed('05-08', 'Victoire 1945'),
    { date: addDays(easter, 39), label: 'Ascension' },
    { date: addDays(easter, 50), label: 'Lundi de Pentecôte' },
    fixed('07-14', 'Fête nationale'),
    fixed('08-15', 'Assomption'),
    fixed('11-01', 'Toussaint'),
    fixed('11-11', 'Armistice 1918'),
    fixed('12-25', 'Noël'),
  ].sort((x, y) => (x.date < y.date ? -1 : 1));
}

/** A period of school holidays of one zone, first and last day without classes included. */
export interface HolidayPeriod {
  zone: string;
  name: string;
  first: string;
  last: string;
}

export type ClosureKind = 'weekend' | 'ferie' | 'vacances' | 'mercredi' | 'ferme' | 'sans_service';
export interface Closure {
  date: string;
  kind: ClosureKind;
  /** « Toussaint », « Vacances de Noël », « Journée pédagogique »… */
  label: string;
}

export interface CalendarContext {
  kind: EstablishmentKind | null;
  schoolZone: SchoolZone | null;
  wednesdaysClosed: boolean;
  covers: CoversByService;
  /** The days the establishment closed itself, by date. */
  closedDays: ReadonlyMap<string, string>;
  /** The shipped school holidays (every zone: the context picks its own). */
  schoolHolidays: readonly HolidayPeriod[];
}

const WEEKEND_CLOSED: readonly (EstablishmentKind | null)[] = [
  'creche',
  'maternelle',
  'elementaire',
  'college',
  'lycee',
  'entreprise',
];

/** Why `date` has no `service` at the establishment, or null when it serves. */
export function closureOn(date: string, service: Service, ctx: CalendarContext): Closure | null {
  const own = ctx.closedDays.get(date);
  if (own !== undefined) return { date, kind: 'ferme', label: own };
  const weekday = weekdayOf(date);
  const weekend = weekday === 'samedi' || weekday === 'dimanche';
  if (weekend && WEEKEND_CLOSED.includes(ctx.kind)) return { date, kind: 'weekend', label: 'Week-end' };
  if (ctx.kind !== null && !EVERY_DAY_KINDS.includes(ctx.kind)) {
    const holiday = publicHolidays(Number(date.slice(0, 4))).find((h) => h.date === date);
    if (holiday) return { date, kind: 'ferie', label: holiday.label };
  }
  if (isSchool(ctx.kind)) {
    const period = ctx.schoolHolidays.find((p) => p.zone === ctx.schoolZone && p.first <= date && date <= p.last);
    if (period) return { date, kind: 'vacances', label: period.name };
    if (ctx.wednesdaysClosed && weekday === 'mercredi') return { date, kind: 'mercredi', label: 'Mercredi sans école' };
  }
  const perDay = ctx.covers[service];
  if (perDay && Object.values(perDay).some((n) => (n ?? 0) > 0) && (perDay[weekday] ?? 0) === 0)
    return { date, kind: 'sans_service', label: 'Pas de convives ce jour-là' };
  return null;
}

/** Every day of [from, to] the establishment does not serve `service`, with its reason. */
export function closuresBetween(from: string, to: string, service: Service, ctx: CalendarContext): Closure[] {
  const closed: Closure[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const closure = closureOn(date, service, ctx);
    if (closure) closed.push(closure);
  }
  return closed;
}

/** The `count` days from `start` (included) on which the establishment serves `service`; a bound stops a closed year. */
export function nextServiceDays(start: string, count: number, service: Service, ctx: CalendarContext): string[] {
  const days: string[] = [];
  for (let date = start, tries = 0; days.length < count && tries < count * 7 + 400; date = addDays(date, 1), tries++)
    if (!closureOn(date, service, ctx)) days.push(date);
  return days;
}

/** The school year a day belongs to, 1 September to 31 August: « 2026-2027 ». */
export function schoolYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '09-01' ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** The first and last day of the school years that [from, to] touches. */
export function schoolYearsSpan(from: string, to: string): { first: string; last: string } {
  return { first: `${schoolYearOf(from).slice(0, 4)}-09-01`, last: `${schoolYearOf(to).slice(5)}-08-31` };
}

/**
 * The school years of [from, to] whose holidays a school's calendar cannot know: none shipped for
 * its zone (data/school-holidays/: zones A, B and C of the years its README names; Corse and the
 * overseas academies never), and no day of that year imported from an .ics file. On those
 * days a school holiday counts as a school day, so the planner says so. Empty for a site that is
 * not a school (it has no school holidays) or has no zone yet.
 */
export function unknownSchoolYears(
  from: string,
  to: string,
  ctx: Pick<CalendarContext, 'kind' | 'schoolZone' | 'schoolHolidays'>,
  importedDays: readonly string[],
): string[] {
  if (!isSchool(ctx.kind) || ctx.schoolZone === null) return [];
  const known = new Set([
    ...ctx.schoolHolidays.filter((p) => p.zone === ctx.schoolZone).map((p) => schoolYearOf(p.first)),
    ...importedDays.map(schoolYearOf),
  ]);
  const years: string[] = [];
  for (let year = Number(schoolYearOf(from).slice(0, 4)); year <= Number(schoolYearOf(to).slice(0, 4)); year++) {
    const name = `${year}-${year + 1}`;
    if (!known.has(name)) years.push(name);
  }
  return years;
}
