import { validationFailed } from './domain-error.ts';
import { isoInstant } from './iso-instant.ts';

/** A calendar date as `YYYY-MM-DD`; arithmetic is done in UTC so no time zone shifts a day. */
export type CalendarDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const toUtc = (date: CalendarDate): number => {
  const [, y, m, d] = PATTERN.exec(date) ?? [];
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
};

export const isCalendarDate = (value: string): boolean => {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const utc = new Date(toUtc(value));
  return utc.getUTCFullYear() === Number(match[1]) && utc.getUTCMonth() + 1 === Number(match[2]) && utc.getUTCDate() === Number(match[3]);
};

export const assertCalendarDate = (value: string, field: string): CalendarDate => {
  if (!isCalendarDate(value)) throw validationFailed(field, 'date', `'${field}' must be a real calendar date (YYYY-MM-DD).`);
  return value;
};

const fromUtc = (ms: number): CalendarDate => isoInstant(new Date(ms)).slice(0, 10);

export const today = (now: Date): CalendarDate => fromUtc(now.getTime());

export const daysBetween = (from: CalendarDate, to: CalendarDate): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

export const addDays = (date: CalendarDate, days: number): CalendarDate => fromUtc(toUtc(date) + days * DAY_MS);

/** Adds months, keeping the day of month where it exists and the month's last day otherwise. */
export const addMonths = (date: CalendarDate, months: number): CalendarDate => {
  const [, y, m, d] = PATTERN.exec(date) ?? [];
  const target = new Date(Date.UTC(Number(y), Number(m) - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(d), lastDay));
  return fromUtc(target.getTime());
};

export const compareDates = (a: CalendarDate, b: CalendarDate): number => (a < b ? -1 : a > b ? 1 : 0);

export const yearOf = (date: CalendarDate): number => Number(date.slice(0, 4));

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

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
