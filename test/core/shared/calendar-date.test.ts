import test from 'ava';
import fc from 'fast-check';
import { addDays, addMonths, daysBetween, forEachDay, isCalendarDate, today } from '../../../core/shared/calendar-date.ts';

// The arithmetic as `Date` does it: what the calendar's own arithmetic must always agree with.
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const utcOf = (date: string): number => {
  const [, y, m, d] = PATTERN.exec(date) ?? [];
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
};
const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const byDate = {
  daysBetween: (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / 86_400_000),
  addDays: (date: string, days: number) => dateOf(utcOf(date) + days * 86_400_000),
  addMonths: (date: string, months: number) => {
    const [, y, m, d] = PATTERN.exec(date) ?? [];
    const target = new Date(Date.UTC(Number(y), Number(m) - 1 + months, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(Number(d), lastDay));
    return dateOf(target.getTime());
  },
};

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
/** Any text of the form YYYY-MM-DD, real dates or not (months 00 to 99, days 00 to 99), from year 0100. */
const shaped = fc.tuple(fc.integer({ min: 100, max: 9999 }), two(99), two(99)).map(([y, m, d]) => `${String(y).padStart(4, '0')}-${m}-${d}`);
/** Real dates from 1970 to the day count given. */
const realUntil = (days: number) => fc.integer({ min: 0, max: days }).map((day) => dateOf(day * 86_400_000));
/** Real dates from 1970 to 9999. */
const real = realUntil(2_932_896);

test('daysBetween and addDays agree with Date for any date and any number of days', (t) => {
  fc.assert(
    fc.property(fc.oneof(real, shaped), fc.oneof(real, shaped), fc.integer({ min: -3_000_000, max: 3_000_000 }), (a, b, days) => {
      if (daysBetween(a, b) !== byDate.daysBetween(a, b)) return false;
      const expected = (() => {
        try {
          return byDate.addDays(a, days);
        } catch (error) {
          return error instanceof RangeError ? 'RangeError' : 'other';
        }
      })();
      const actual = (() => {
        try {
          return addDays(a, days);
        } catch (error) {
          return error instanceof RangeError ? 'RangeError' : 'other';
        }
      })();
      return actual === expected;
    }),
    { numRuns: 20_000 },
  );
  t.pass();
});

test('addMonths agrees with Date: the same day where the month has it, its last day otherwise', (t) => {
  fc.assert(
    fc.property(
      fc.oneof(real, shaped),
      fc.integer({ min: -20_000, max: 90_000 }),
      (date, months) => addMonths(date, months) === byDate.addMonths(date, months),
    ),
    { numRuns: 20_000 },
  );
  t.is(addMonths('2024-01-31', 1), '2024-02-29');
  t.is(addMonths('2023-01-31', 1), '2023-02-28');
  t.is(addMonths('2100-03-31', -1), '2100-02-28');
  t.is(addMonths('2000-03-31', -1), '2000-02-29');
  t.is(addMonths('2026-11-30', 1.5), byDate.addMonths('2026-11-30', 1.5));
});

test('text not in the form YYYY-MM-DD is no date: NaN days between, a RangeError to add to', (t) => {
  for (const text of ['', '2026-1-01', '2026/01/01', '２０２６-01-01', '2026-01-01T00:00:00Z', '20260-01-01', '2026-0a-01']) {
    t.true(Number.isNaN(daysBetween(text, '2026-01-01')), text);
    t.throws(() => addDays(text, 1), { instanceOf: RangeError }, text);
    t.false(isCalendarDate(text), text);
  }
  t.true(isCalendarDate('2024-02-29'));
  t.false(isCalendarDate('2023-02-29'));
  t.false(isCalendarDate('2026-13-01'));
});

test('today is the UTC date of the instant', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => today(new Date(ms)) === new Date(ms).toISOString().slice(0, 10)),
    { numRuns: 20_000 },
  );
  t.throws(() => today(new Date(Number.NaN)), { instanceOf: RangeError });
});

test('forEachDay steps through months and leap days as addDays does', (t) => {
  fc.assert(
    // Ends before year 10000, whose dates `toISOString` writes with six digits.
    fc.property(realUntil(2_930_000), fc.integer({ min: 1, max: 800 }), (from, count) => {
      const seen: string[] = [];
      forEachDay(from, count, (month, day) => seen.push(`${month}-${String(day).padStart(2, '0')}`));
      return seen.length === count && seen.every((date, offset) => date === byDate.addDays(from, offset));
    }),
    { numRuns: 500 },
  );
  t.pass();
});
