import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  closureOn,
  closuresBetween,
  easterSunday,
  nextServiceDays,
  publicHolidays,
  schoolYearOf,
  unknownSchoolYears,
  type CalendarContext,
  type HolidayPeriod,
} from './calendar.ts';
import { withFirstOrdinal } from './catering.ts';
import { isValidSiret, splitCovers } from './establishment.ts';
import { parseIcs } from './ics.ts';

const holidays = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../data/school-holidays/france.json'), 'utf8')) as {
    periods: HolidayPeriod[];
  }
).periods;
const school = (changes: Partial<CalendarContext> = {}): CalendarContext => ({
  kind: 'elementaire',
  schoolZone: 'B',
  wednesdaysClosed: false,
  covers: {},
  closedDays: new Map(),
  schoolHolidays: holidays,
  ...changes,
});

describe('public holidays', () => {
  it('finds Easter (known dates: 2024-03-31, 2025-04-20, 2026-04-05, 2027-03-28, 2038-04-25)', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('lists the eleven days of the Code du travail, Easter-based ones included', () => {
    expect(publicHolidays(2026)).toEqual([
      { date: '2026-01-01', label: 'Jour de l’an' },
      { date: '2026-04-06', label: 'Lundi de Pâques' },
      { date: '2026-05-01', label: 'Fête du Travail' },
      { date: '2026-05-08', label: 'Victoire 1945' },
      { date: '2026-05-14', label: 'Ascension' },
      { date: '2026-05-25', label: 'Lundi de Pentecôte' },
      { date: '2026-07-14', label: 'Fête nationale' },
      { date: '2026-08-15', label: 'Assomption' },
      { date: '2026-11-01', label: 'Toussaint' },
      { date: '2026-11-11', label: 'Armistice 1918' },
      { date: '2026-12-25', label: 'Noël' },
    ]);
  });
});

describe('an establishment’s calendar', () => {
  it('a school is closed on weekends, public holidays and its zone’s holidays (data/school-holidays/france.json)', () => {
    const ctx = school();
    expect(closureOn('2026-02-21', 'dejeuner', ctx)).toMatchObject({ kind: 'weekend' });
    expect(closureOn('2025-11-11', 'dejeuner', ctx)).toEqual({
      date: '2025-11-11',
      kind: 'ferie',
      label: 'Armistice 1918',
    });
    // Zone B's winter holidays 2026: 14 February – 1 March; zone A's: 7 – 22 February.
    expect(closureOn('2026-02-16', 'dejeuner', ctx)).toEqual({
      date: '2026-02-16',
      kind: 'vacances',
      label: 'Vacances d’hiver',
    });
    expect(closureOn('2026-02-09', 'dejeuner', ctx)).toBeNull();
    expect(closureOn('2026-02-09', 'dejeuner', school({ schoolZone: 'A' }))).toMatchObject({ kind: 'vacances' });
  });

  it('an EHPAD serves every day, holidays included; a company closes on weekends and public holidays', () => {
    expect(closureOn('2025-12-25', 'dejeuner', school({ kind: 'ehpad' }))).toBeNull();
    expect(closureOn('2026-02-16', 'dejeuner', school({ kind: 'entreprise' }))).toBeNull();
    expect(closureOn('2025-12-25', 'dejeuner', school({ kind: 'entreprise' }))).toMatchObject({ kind: 'ferie' });
  });

  it('no-school Wednesdays, days the site closes, and weekdays without covers', () => {
    const ctx = school({
      wednesdaysClosed: true,
      closedDays: new Map([['2026-03-13', 'Journée pédagogique']]),
      covers: { dejeuner: { lundi: 120, mardi: 120, jeudi: 120, vendredi: 0 } },
    });
    expect(closureOn('2026-03-11', 'dejeuner', ctx)).toMatchObject({ kind: 'mercredi', label: 'Mercredi sans école' });
    expect(closureOn('2026-03-13', 'dejeuner', ctx)).toMatchObject({ kind: 'ferme', label: 'Journée pédagogique' });
    expect(closureOn('2026-03-12', 'dejeuner', ctx)).toBeNull();
    // No goûter covers said: the goûter follows the calendar only.
    expect(closureOn('2026-03-12', 'gouter', ctx)).toBeNull();
    expect(closuresBetween('2026-03-09', '2026-03-15', 'dejeuner', ctx).map((c) => c.date)).toEqual([
      '2026-03-11',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
  });

  it('the next service days skip what is closed: copying a week to a Wednesday never lands on a Saturday', () => {
    expect(nextServiceDays('2026-03-11', 5, 'dejeuner', school())).toEqual([
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
    ]);
    // Around the Toussaint 2025 (18 October – 2 November) and the 11 November.
    expect(nextServiceDays('2025-10-16', 4, 'dejeuner', school())).toEqual([
      '2025-10-16',
      '2025-10-17',
      '2025-11-03',
      '2025-11-04',
    ]);
  });

  it('ships only whole school years, each period with a name and inside its year', () => {
    for (const p of holidays) {
      expect(['A', 'B', 'C']).toContain(p.zone);
      expect(p.first <= p.last).toBe(true);
    }
    // Five holidays a year for 2023-2024 to 2026-2027, and the Ascension bridge of 2027 (its calendar names it).
    expect(holidays.filter((p) => p.zone === 'A')).toHaveLength(21);
    for (const zone of ['A', 'B', 'C'])
      for (const year of ['2023-2024', '2024-2025', '2025-2026', '2026-2027'])
        expect(
          holidays.filter((p) => p.zone === zone && schoolYearOf(p.first) === year).map((p) => p.name),
          `${zone} ${year}`,
        ).toEqual(
          expect.arrayContaining([
            'Vacances de la Toussaint',
            'Vacances de Noël',
            'Vacances d’hiver',
            'Vacances de printemps',
            'Vacances d’été',
          ]),
        );
  });
});

describe('covers and SIRET', () => {
  it('spreads covers over the age mix in whole covers that add up', () => {
    expect(splitCovers(250, { maternelle: 40, elementaire: 60, adolescent: 0, adulte: 0 })).toEqual({
      maternelle: 100,
      elementaire: 150,
      adolescent: 0,
      adulte: 0,
    });
    expect(splitCovers(10, { maternelle: 1, elementaire: 1, adolescent: 1, adulte: 0 })).toEqual({
      maternelle: 4,
      elementaire: 3,
      adolescent: 3,
      adulte: 0,
    });
  });

  // The SIRETs of « ma cantine »'s own test files (api/tests/files/diagnostics_simple/*.csv) and its
  // refused example (api/tests/test_canteens.py `test_cannot_create_canteen_with_bad_siret`).
  it('checks the Luhn key as « ma cantine » does', () => {
    for (const siret of ['21340172201787', '73282932000074', '21380185500015', '83014132100034', '40419443300078'])
      expect(isValidSiret(siret), siret).toBe(true);
    for (const siret of ['01234567891011', '0123', '2134017220178A', '21340172201788'])
      expect(isValidSiret(siret), siret).toBe(false);
  });
});

describe('closed days from an .ics file', () => {
  it('reads all-day events (DTEND excluded), folded lines, escapes and UTC times as Paris dates', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20261017',
      'DTEND;VALUE=DATE:20261020',
      'SUMMARY:Vacances de la Toussaint - Zone A',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART:20261110T230000Z',
      'SUMMARY:Journée pédagogique\\, école',
      ' Jules Ferry',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20260907',
      'RRULE:FREQ=WEEKLY',
      'SUMMARY:Chaque lundi',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(parseIcs(ics)).toEqual({
      days: [
        { date: '2026-10-17', label: 'Vacances de la Toussaint - Zone A' },
        { date: '2026-10-18', label: 'Vacances de la Toussaint - Zone A' },
        { date: '2026-10-19', label: 'Vacances de la Toussaint - Zone A' },
        { date: '2026-11-11', label: 'Journée pédagogique, écoleJules Ferry' },
      ],
      skipped: 1,
    });
    expect(parseIcs('pas un calendrier')).toBeNull();
  });
});

describe('school years whose holidays are unknown', () => {
  it('a day belongs to the school year from 1 September to 31 August', () => {
    expect(['2026-08-31', '2026-09-01', '2027-01-04', '2027-08-31'].map(schoolYearOf)).toEqual([
      '2025-2026',
      '2026-2027',
      '2026-2027',
      '2026-2027',
    ]);
  });

  it('names the years of a range with no holidays shipped for the zone and none imported; nothing for a non-school', () => {
    // data/school-holidays/france.json ships 2023-2024 to 2026-2027 for zones A, B and C.
    expect(unknownSchoolYears('2026-09-01', '2027-06-30', school(), [])).toEqual([]);
    expect(unknownSchoolYears('2027-06-28', '2028-09-10', school(), [])).toEqual(['2027-2028', '2028-2029']);
    // An .ics file imported with a day of 2027-2028 makes that year known.
    expect(unknownSchoolYears('2027-06-28', '2028-09-10', school(), ['2027-10-23'])).toEqual(['2028-2029']);
    // Corse and the overseas academies are never shipped.
    expect(unknownSchoolYears('2026-11-30', '2026-12-31', school({ schoolZone: 'corse' }), [])).toEqual(['2026-2027']);
    expect(unknownSchoolYears('2027-06-28', '2027-09-10', school({ kind: 'ehpad' }), [])).toEqual([]);
    expect(unknownSchoolYears('2027-06-28', '2027-09-10', school({ schoolZone: null }), [])).toEqual([]);
  });
});

describe('French dates', () => {
  it('write the first of a month « 1er », and leave the 11th, 21st and 31st alone', () => {
    expect(
      ['mardi 1 décembre', '1 juin 2027', 'le 11 mars', 'lundi 21 juin', 'le 31 mai', '1 décembre à 10:01'].map(
        withFirstOrdinal,
      ),
    ).toEqual([
      'mardi 1er décembre',
      '1er juin 2027',
      'le 11 mars',
      'lundi 21 juin',
      'le 31 mai',
      '1er décembre à 10:01',
    ]);
  });
});
