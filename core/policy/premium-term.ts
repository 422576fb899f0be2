import { daysBetween, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { StoredFees } from '../underwriting/stored-charges.ts';
import type { PolicyTransactionType } from './policy-transaction.ts';

/**
 * A policy term's premium as the transactions that wrote it. Each transaction writes a change of
 * premium effective from a date to the end of the term, and earns it day by day over that period;
 * written, earned and unearned premium on any date are sums over the transactions, and on the
 * last day of the term every transaction has earned exactly what it wrote.
 */
export interface PremiumTransaction {
  readonly type: PolicyTransactionType;
  readonly effectiveDate: CalendarDate;
  /** Written premium this transaction adds (negative when it returns premium). */
  readonly writtenChange: Cents;
  /** The annual premium in force from `effectiveDate` on; zero once cancelled. */
  readonly annualPremium: Cents;
  /** A cancellation's premium kept beyond pro rata (short-rate penalty, minimum earned premium). */
  readonly penalty?: Cents;
  /** Fee and taxes the transaction adds beside premium (policy-charges.ts; read through `feesOf`); absent when none. */
  readonly charges?: StoredFees;
  /**
   * The part of `writtenChange` that takes back changes effective after this transaction's date
   * (a cancellation reaching back before an endorsement), dated as those changes were: written
   * premium on any date never counts a change before it took effect, nor its return.
   */
  readonly removes?: readonly RemovedChange[];
  /** When it was recorded (the organization's date) and the month it is booked in (premium-booking.ts); absent on older ones. */
  readonly bookedOn?: CalendarDate;
  readonly accountingMonth?: string;
}

/** A change of written premium taken back (or, by a reinstatement, written again) on its own effective date. */
export interface RemovedChange {
  readonly effectiveDate: CalendarDate;
  readonly writtenChange: Cents;
}

export interface PremiumTerm {
  readonly effectiveDate: CalendarDate;
  readonly expirationDate: CalendarDate;
  readonly transactions: readonly PremiumTransaction[];
}

/** Rounds half away from zero, so a return is the exact mirror of a charge. */
export const roundCents = (value: number): Cents => cents(Math.sign(value) * Math.round(Math.abs(value)));

export const termDays = (term: Pick<PremiumTerm, 'effectiveDate' | 'expirationDate'>): number => daysBetween(term.effectiveDate, term.expirationDate);
