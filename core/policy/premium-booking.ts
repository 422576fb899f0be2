import { monthOfDate } from '../billing/accounting-period.ts';
import { writtenParts, type PremiumTerm, type PremiumTransaction } from './premium.ts';
import { cents, type Cents } from '../shared/money.ts';

/**
 * Premium by accounting month. A transaction is booked in its effective month while that month is
 * open when it is recorded, else in the first open month (`accountingMonth`); one stored before
 * months were recorded is booked in its effective month.
 */
export const bookedMonthOf = (transaction: Pick<PremiumTransaction, 'accountingMonth' | 'effectiveDate'>): string =>
  transaction.accountingMonth ?? monthOfDate(transaction.effectiveDate);

/** The transactions booked in `month`. */
export const bookedIn = (term: PremiumTerm, month: string): PremiumTransaction[] =>
  term.transactions.filter((transaction) => bookedMonthOf(transaction) === month);

/**
 * Each part of the term's written premium with the month it is booked in. What a transaction
 * takes back of later changes is dated as they were, so each part falls in the later of its own
 * month and the month the transaction was booked in: while no month is closed, written premium is
 * booked in the month it takes effect.
 */
const bookedParts = (term: PremiumTerm): { month: string; writtenChange: number }[] =>
  term.transactions.flatMap((transaction) => {
    const booked = bookedMonthOf(transaction);
    return writtenParts(transaction).map((part) => {
      const own = monthOfDate(part.effectiveDate);
      return { month: own > booked ? own : booked, writtenChange: part.writtenChange };
    });
  });

/** Written premium booked in `month`. */
export const writtenInMonth = (term: PremiumTerm, month: string): Cents =>
  cents(
    bookedParts(term)
      .filter((part) => part.month === month)
      .reduce((sum, part) => sum + part.writtenChange, 0),
  );

/** Whether the term books anything in `month`: a transaction, or written premium a transaction dated into it. */
export const booksIn = (term: PremiumTerm, month: string): boolean =>
  bookedIn(term, month).length > 0 || bookedParts(term).some((part) => part.month === month && part.writtenChange !== 0);
