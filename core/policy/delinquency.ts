import { isCollectible, type Invoice } from '../billing/invoice.ts';
import { addDays, compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { CollectionTerms } from '../underwriting/program-terms.ts';

/**
 * A policy's non-payment delinquency: the notice of cancellation sent on `noticeOn`, cancelling
 * the policy on `cancelsOn` unless what is past due is paid by then. A policy has at most one at
 * a time: an installment falling past due during the notice joins it.
 */
export interface Delinquency {
  readonly noticeOn: CalendarDate;
  readonly cancelsOn: CalendarDate;
  /** What was past due when the notice went out. */
  readonly pastDue: Cents;
  /** The stored PDF of the notice, once rendered. */
  readonly noticeDocumentId: string | null;
}

/** The state's notice period for cancelling for non-payment, with where it comes from. */
export interface NoticePeriod {
  readonly days: number;
  readonly source: string;
  /** When the figure was checked against its source; null: not yet checked for this state. */
  readonly verifiedOn: CalendarDate | null;
}

export interface NoticePeriods {
  readonly default: NoticePeriod;
  readonly states: Readonly<Record<string, NoticePeriod>>;
}

export const noticePeriodIn = (periods: NoticePeriods, homeState: string): NoticePeriod => periods.states[homeState] ?? periods.default;

/** An installment unpaid on the day after its due date plus the grace days is past due. */
export const isPastDueOn = (dueDate: CalendarDate, graceDays: number, on: CalendarDate): boolean => compareDates(on, addDays(dueDate, graceDays)) > 0;

/** A charge (not a credit) still owed that has reached its due date. */
export const isDueCharge = (invoice: Pick<Invoice, 'kind' | 'status' | 'amount' | 'paidAmount'>): boolean =>
  invoice.kind !== 'credit' && isCollectible(invoice) && invoice.amount > invoice.paidAmount;

/** What is left unpaid of a policy's past-due invoices. */
export const pastDueOwed = (invoices: readonly Pick<Invoice, 'status' | 'amount' | 'paidAmount'>[]): Cents =>
  cents(invoices.filter((invoice) => invoice.status === 'past_due').reduce((sum, invoice) => sum + Math.max(0, invoice.amount - invoice.paidAmount), 0));

/** Whether what is past due is worth a notice (a remainder below the program's minimum starts nothing). */
export const warrantsNotice = (owed: Cents, terms: CollectionTerms): boolean => owed > 0 && owed >= terms.delinquencyMinimum;

/** The notice sent on `on`: the policy cancels when the home state's notice period has run. */
export const noticeOf = (on: CalendarDate, owed: Cents, period: NoticePeriod): Delinquency => ({
  noticeOn: on,
  cancelsOn: addDays(on, period.days),
  pastDue: owed,
  noticeDocumentId: null,
});

/** What a delinquency comes to on `on`: rescinded (paid down below the minimum), cancelling (its day has come), or still running. */
export const delinquencyOutcome = (delinquency: Delinquency, owed: Cents, terms: CollectionTerms, on: CalendarDate): 'rescind' | 'cancel' | 'wait' => {
  if (!warrantsNotice(owed, terms)) return 'rescind';
  return compareDates(on, delinquency.cancelsOn) >= 0 ? 'cancel' : 'wait';
};
