import { daysBetween, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';

export const CANCELLATION_METHODS = ['pro_rata', 'short_rate', 'flat'] as const;
export type CancellationMethod = (typeof CANCELLATION_METHODS)[number];

/** The share of a policy's premium kept back when an insured asks to cancel early. */
export const SHORT_RATE_PENALTY = 0.1;

export interface Term {
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
}

export const termDays = (term: Term): number => daysBetween(term.effectiveDate, term.expirationDate);

/** Daily pro rata: the part of an annual amount that falls between `from` and the end of the term. */
export const prorate = (annual: Cents, term: Term, from: CalendarDate): Cents =>
  cents(Math.round((annual * daysBetween(from, term.expirationDate)) / termDays(term)));

/**
 * Premium returned on cancellation: pro rata returns the unearned part, short rate keeps a
 * penalty of the unearned part, flat cancels from inception and returns everything.
 */
export const returnPremium = (premium: Cents, term: Term, cancelledOn: CalendarDate, method: CancellationMethod): Cents => {
  if (method === 'flat') return premium;
  const unearned = prorate(premium, term, cancelledOn);
  return method === 'pro_rata' ? unearned : cents(Math.round(unearned * (1 - SHORT_RATE_PENALTY)));
};
