import { addDays, daysBetween, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import { roundCents, termDays, type PremiumTerm } from './premium-term.ts';

/**
 * What one transaction has earned for the days before a day, the day counted from the term's
 * effective date (whole days: a term's schedule is read for every day of it).
 */
type Earning = (beforeDay: number) => number;

/**
 * The earning of every transaction of the term, in order. A rating transaction (bind, renewal,
 * endorsement) earns its written change evenly over its period. A cancellation earns nothing
 * before its date; from its date on it earns its penalty and takes back whatever the transactions
 * before it would still earn after that date, so the term earns nothing more. A reinstatement
 * undoes the cancellation before it exactly.
 */
const earnings = (term: PremiumTerm): Earning[] => {
  const built: Earning[] = [];
  const cancellations: Earning[] = [];
  const end = termDays(term);
  for (const transaction of term.transactions) {
    const from = daysBetween(term.effectiveDate, transaction.effectiveDate);
    if (transaction.type === 'cancellation') {
      const prior = [...built];
      const penalty = transaction.penalty ?? 0;
      const earning: Earning = (before) => (before <= from ? 0 : penalty - prior.reduce((sum, earned) => sum + earned(before) - earned(from), 0));
      cancellations.push(earning);
      built.push(earning);
    } else if (transaction.type === 'reinstatement') {
      const reversed = cancellations.pop();
      built.push(reversed ? (before) => -reversed(before) : () => 0);
    } else {
      const written = transaction.writtenChange;
      const period = end - from;
      built.push((before) => (period <= 0 ? written : roundCents((written * Math.max(0, Math.min(period, before - from))) / period)));
    }
  }
  return built;
};

/**
 * Premium earned for the days before a day counted from the term's effective date (0: nothing
 * yet), with the term's earnings built once: for a schedule of every day of the term.
 */
export const earningByDay = (term: PremiumTerm): ((beforeDay: number) => Cents) => {
  const built = earnings(term);
  return (beforeDay) => cents(built.reduce((sum, earned) => sum + earned(beforeDay), 0));
};

/** Premium earned for the days before `before` (the whole term once `before` reaches its expiration). */
export const earnedBefore = (term: PremiumTerm, before: CalendarDate): Cents => earningByDay(term)(daysBetween(term.effectiveDate, before));

/** Premium earned through the end of `asOf`. */
export const earnedThrough = (term: PremiumTerm, asOf: CalendarDate): Cents => earnedBefore(term, addDays(asOf, 1));
