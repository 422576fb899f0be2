import { validationFailed } from './domain-error.ts';
import { daysFromCivil, digitsAt, isoDay, isoInstant, LAST_FOUR_DIGIT_DAY } from './iso-instant.ts';

/** A calendar date as `YYYY-MM-DD`; arithmetic is done in UTC so no time zone shifts a day. */
export type CalendarDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Years `Date.UTC` reads as 1900 to 1999: dates in them take its own path, as they always did. */
const FIRST_FULL_YEAR = 100;

/**
 * Days since 1970-01-01 of `YYYY-MM-DD`, NaN when it is not in that form; a day past its month's
 * end rolls over, as `Date.UTC` does. Read digit by digit: a schedule or a report reads thousands
 * of dates, and a regular expression and a `Date` each cost more than the arithmetic.
 */
const dayNumber = (date: CalendarDate): number => {
  const year = digitsAt(date, 0, 4);
  const month = digitsAt(date, 5, 2);
  const day = digitsAt(date, 8, 2);
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45 || year < 0 || month < 0 || day < 0) return Number.NaN;
  if (year < FIRST_FULL_YEAR || month < 1 || month > 12) return Date.UTC(year, month - 1, day) / DAY_MS;
  return daysFromCivil(year, month, day);
};

/** The date `days` (whole or not) after 1970-01-01; throws a RangeError for NaN, as `Date` does. */
const dateOfDay = (days: number): CalendarDate => {
  const whole = Math.floor(days);
  return whole >= 0 && whole <= LAST_FOUR_DIGIT_DAY ? isoDay(whole) : isoInstant(new Date(days * DAY_MS)).slice(0, 10);
};

const toUtc = (date: CalendarDate): number => dayNumber(date) * DAY_MS;

export const isCalendarDate = (value: string): boolean => {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const utc = new Date(toUtc(value));
  return utc.getUTCFullYear() === Number(match[1]) && utc.getUTCMonth() + 1 === Number(match[2]) && utc.getUTCDate() === Number(match[3]);
};

/**
 * The dates the service accepts: far enough back for any retroactive date or loss history, far
 * enough ahead for any term, and never so far that month-end arithmetic leaves four-digit years.
 */
export const FIRST_ACCEPTED_DATE = '1900-01-01';
export const LAST_ACCEPTED_DATE = '2999-12-31';
export const ACCEPTED_DATES = `${FIRST_ACCEPTED_DATE} to ${LAST_ACCEPTED_DATE}`;
export const ACCEPTED_MONTHS = `${FIRST_ACCEPTED_DATE.slice(0, 7)} to ${LAST_ACCEPTED_DATE.slice(0, 7)}`;

/** A real calendar date within the accepted range (`YYYY-MM-DD` compares as text). */
export const isAcceptedDate = (value: string): boolean => isCalendarDate(value) && value >= FIRST_ACCEPTED_DATE && value <= LAST_ACCEPTED_DATE;

export const assertCalendarDate = (value: string, field: string): CalendarDate => {
  if (!isAcceptedDate(value)) throw validationFailed(field, 'date', `'${field}' must be a real calendar date (YYYY-MM-DD) from ${ACCEPTED_DATES}.`);
  return value;
};

export const today = (now: Date): CalendarDate => dateOfDay(now.getTime() / DAY_MS);

export const daysBetween = (from: CalendarDate, to: CalendarDate): number => Math.round(dayNumber(to) - dayNumber(from));

export const addDays = (date: CalendarDate, days: number): CalendarDate => dateOfDay(dayNumber(date) + days);

/** Adds months, keeping the day of month where it exists and the month's last day otherwise. */
export const addMonths = (date: CalendarDate, months: number): CalendarDate => {
  const year = digitsAt(date, 0, 4);
  const month = digitsAt(date, 5, 2);
  if (!Number.isInteger(months) || !(dayNumber(date) >= 0) || year < FIRST_FULL_YEAR || month < 1 || month > 12) return addMonthsByDate(date, months);
  const target = year * 12 + month - 1 + months;
  const targetYear = Math.floor(target / 12);
  const targetMonth = target - targetYear * 12 + 1;
  return dateOfDay(daysFromCivil(targetYear, targetMonth, Math.min(digitsAt(date, 8, 2), daysInMonth(targetYear, targetMonth))));
};

/** `addMonths` for what its arithmetic leaves to `Date`: dates before 1970 or not in the usual form, fractions of months. */
const addMonthsByDate = (date: CalendarDate, months: number): CalendarDate => {
  const [, y, m, d] = PATTERN.exec(date) ?? [];
  const target = new Date(Date.UTC(Number(y), Number(m) - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(d), lastDay));
  return isoInstant(target).slice(0, 10);
};

export const compareDates = (a: CalendarDate, b: CalendarDate): number => (a < b ? -1 : a > b ? 1 : 0);

export const yearOf = (date: CalendarDate): number => Number(date.slice(0, 4));

const daysInMonth = (year: number, month: number): number => daysFromCivil(year, month + 1, 1) - daysFromCivil(year, month, 1);

/**
 * Visits `count` consecutive days from `from` by month (YYYY-MM) and day of month (1 to 31),
 * stepping the calendar rather than doing date arithmetic per day: for schedules of every day of
 * a term.
 */
export const forEachDay = (from: CalendarDate, count: number, visit: (month: string, day: number, offset: number) => void): void => {
  let [year, month, day] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), Number(from.slice(8, 10))];
  let [monthKey, lastDay] = [from.slice(0, 7), daysInMonth(year, month)];
  for (let offset = 0; offset < count; offset += 1) {
    visit(monthKey, day, offset);
    day += 1;
    if (day <= lastDay) continue;
    [day, month] = [1, month + 1];
    if (month > 12) [month, year] = [1, year + 1];
    [monthKey, lastDay] = [`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`, daysInMonth(year, month)];
  }
};
