import { addDays, addMonths, compareDates, today, type CalendarDate } from '../shared/calendar-date.ts';
import { DomainError, validationFailed } from '../shared/domain-error.ts';
import { isoInstant } from '../shared/iso-instant.ts';

/**
 * An organization living on a test clock (after Stripe's test clocks): its time stands still at
 * `frozenTime` until it is advanced. While an advance runs, `advancingTo` is its target and `ran`
 * counts the scheduled work done so far; `leaseUntil` is how long the process running it may be
 * trusted to still be running it (an advance whose lease ran out is resumed by another process).
 */
export interface TestClock {
  readonly orgId: string;
  readonly frozenTime: Date;
  readonly advancingTo: Date | null;
  readonly ran: Readonly<Record<string, number>>;
  readonly leaseUntil: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How far one advance may move a clock. */
export const MAX_ADVANCE_MONTHS = 24;

export const clockAdvancing = (clock: TestClock): DomainError =>
  new DomainError('clock_advancing', 'The test clock is being advanced; wait for the advance to finish.', {
    frozenTime: isoInstant(clock.frozenTime),
    advancingTo: clock.advancingTo ? isoInstant(clock.advancingTo) : null,
  });

/** Where an advance goes: an instant as given, or a date at the time of day the clock shows now (UTC). */
export type AdvanceTarget = { readonly instant: Date } | { readonly date: CalendarDate };

export const targetTime = (clock: Pick<TestClock, 'frozenTime'>, target: AdvanceTarget): Date =>
  'instant' in target ? target.instant : new Date(`${target.date}${isoInstant(clock.frozenTime).slice(10)}`);

/** Checks an advance's target: forward only, at most two years from where the clock stands. */
export const assertAdvanceTarget = (clock: Pick<TestClock, 'frozenTime'>, to: Date): void => {
  if (to.getTime() <= clock.frozenTime.getTime()) {
    throw validationFailed('to', 'after_frozen_time', `'to' must be after the clock's time ${isoInstant(clock.frozenTime)}; a clock never goes back.`);
  }
  const latest = addMonths(today(clock.frozenTime), MAX_ADVANCE_MONTHS);
  if (compareDates(today(to), latest) > 0) {
    throw validationFailed(
      'to',
      'at_most_two_years',
      `One advance moves the clock at most ${MAX_ADVANCE_MONTHS} months, to ${latest}; advance again for more.`,
    );
  }
};

/**
 * The business days an advance from `from` to `to` runs the scheduled work of, in order: every
 * date after the one the clock stood on, up to and including the target's.
 */
export const daysToRun = (from: Date, to: Date): CalendarDate[] => {
  const days: CalendarDate[] = [];
  for (let day = addDays(today(from), 1); compareDates(day, today(to)) <= 0; day = addDays(day, 1)) days.push(day);
  return days;
};

/**
 * The time the clock shows while the work of `day` runs: the start of that day, or the target
 * itself on its own day, so records made during an advance carry the date they happened on.
 */
export const timeOfDay = (day: CalendarDate, to: Date): Date => (day === today(to) ? to : new Date(`${day}T00:00:00.000Z`));

/** Adds one step's counts to what an advance has run. */
export const addRan = (ran: Readonly<Record<string, number>>, step: Readonly<Record<string, number>>): Record<string, number> => {
  const total: Record<string, number> = { ...ran };
  for (const [name, count] of Object.entries(step)) total[name] = (total[name] ?? 0) + count;
  return total;
};
