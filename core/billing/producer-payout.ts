import type { AccountingMonth } from './accounting-period.ts';
import { assertBalanced, type LedgerLine } from './ledger.ts';
import type { CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';

export const PAYOUT_METHODS = ['ach', 'check', 'wire', 'other'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Commission paid to a producer, for the statement of `month`. */
export interface ProducerPayout {
  readonly id: string;
  readonly orgId: string;
  readonly producerId: string;
  readonly amount: Cents;
  readonly method: PayoutMethod;
  /** The caller's reference (a check number, a transfer id): one payout per reference. */
  readonly reference: string;
  /** The statement month the payout settles. */
  readonly month: AccountingMonth;
  readonly paidBy: string;
  readonly createdAt: Date;
  readonly bookedOn: CalendarDate;
  readonly accountingMonth: AccountingMonth;
}

/**
 * A posting that belongs to no policy (a payout to a producer): balanced lines, booked in a month.
 * The trial balance sums these beside the policies' postings.
 */
export interface JournalEntry {
  readonly id: string;
  readonly orgId: string;
  /** What caused the posting; one posting per source. */
  readonly sourceKey: string;
  readonly description: string;
  readonly lines: readonly LedgerLine[];
  readonly postedAt: Date;
  readonly bookedOn: CalendarDate;
  readonly accountingMonth: AccountingMonth;
}

/** Commission owed to producers is held in premium trust until paid: a payout takes it out of both. */
export const payoutLines = (amount: Cents): LedgerLine[] => {
  const lines: LedgerLine[] = [
    { account: 'producerCommissionPayable', debit: amount, credit: cents(0) },
    { account: 'premiumTrustCash', debit: cents(0), credit: amount },
  ];
  assertBalanced(lines);
  return lines;
};

/** A producer's commission statement of a month (amounts in cents). */
export interface ProducerStatement {
  readonly producerId: string;
  readonly month: AccountingMonth;
  /** Payable at the start of the month: commission of earlier months less what was paid for them. */
  readonly opening: Cents;
  /** Commission earned in the month (premium collected on the producer's policies). */
  readonly earned: Cents;
  /** Commission given back in the month (premium refunded or returned), as a positive amount. */
  readonly clawedBack: Cents;
  /** Paid for the month's statement. */
  readonly paid: Cents;
  /** Payable at the end of the month: opening + earned − clawed back − paid. */
  readonly closing: Cents;
}

/**
 * The statement of `month` from the producer's commission changes (each dated) and its payouts
 * (each for a statement month): earlier months make the opening balance, the month's own make the
 * rest. Sums to the cent: closing = opening + earned − clawedBack − paid.
 */
export const statementOf = (
  producerId: string,
  month: AccountingMonth,
  changes: readonly { readonly month: AccountingMonth; readonly agentCommission: Cents }[],
  payouts: readonly Pick<ProducerPayout, 'month' | 'amount'>[],
): ProducerStatement => {
  const sum = (amounts: readonly number[]) => cents(amounts.reduce((total, amount) => total + amount, 0));
  const before = sum(changes.filter((change) => change.month < month).map((change) => change.agentCommission));
  const paidBefore = sum(payouts.filter((payout) => payout.month < month).map((payout) => payout.amount));
  const own = changes.filter((change) => change.month === month).map((change) => change.agentCommission);
  const earned = sum(own.filter((amount) => amount > 0));
  const clawedBack = sum(own.filter((amount) => amount < 0).map((amount) => -amount));
  const paid = sum(payouts.filter((payout) => payout.month === month).map((payout) => payout.amount));
  const opening = cents(before - paidBefore);
  return { producerId, month, opening, earned, clawedBack, paid, closing: cents(opening + earned - clawedBack - paid) };
};
