import { monthOfDate } from '../billing/accounting-period.ts';
import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { FeesAndTaxes, TaxCharge } from '../underwriting/charge-terms.ts';
import { addFees, feesOf, negated } from './policy-charges.ts';
import { bookedMonthOf } from './premium-booking.ts';
import { writtenParts, type PremiumTransaction } from './premium.ts';

/** One dated part of a transaction: the premium it writes on a date, and the fee and taxes levied on that premium. */
export interface ChargedPart {
  readonly effectiveDate: CalendarDate;
  /** The accounting month it is reported in: the later of its own month and the transaction's. */
  readonly accountingMonth: string;
  readonly writtenChange: Cents;
  readonly fees: FeesAndTaxes;
}

/** Amounts by component code, added up per date. */
type TaxesByDate = Map<CalendarDate, Map<string, number>>;

/** The month a part dated `date` is reported in: the later of its own month and its transaction's. */
const reportedIn = (date: CalendarDate, booked: string): string => (monthOfDate(date) > booked ? monthOfDate(date) : booked);

/** A reinstatement gives back exactly what its cancellation did, part by part. */
const reversalOf = (cancelled: readonly ChargedPart[], booked: string): ChargedPart[] =>
  cancelled.map((part) => ({
    effectiveDate: part.effectiveDate,
    accountingMonth: reportedIn(part.effectiveDate, booked),
    writtenChange: cents(-part.writtenChange),
    fees: negated(part.fees),
  }));

/**
 * A transaction's own part and what it takes back of the changes dated after it: each of those
 * carries exactly the tax charged on its date so far (`taxedOn`), given back whole; the own part
 * keeps the rest, the policy fee and flat components included.
 */
const partsOf = (transaction: PremiumTransaction, booked: string, taxedOn: TaxesByDate): ChargedPart[] => {
  const fees = feesOf(transaction);
  const [own, ...takenBack] = writtenParts(transaction);
  if (!own || takenBack.length === 0)
    return [{ effectiveDate: transaction.effectiveDate, accountingMonth: booked, writtenChange: transaction.writtenChange, fees }];
  const later = takenBack.map((part) => ({
    effectiveDate: part.effectiveDate,
    accountingMonth: reportedIn(part.effectiveDate, booked),
    writtenChange: part.writtenChange,
    fees: {
      policyFee: cents(0),
      taxes: fees.taxes.map((tax) => ({ ...tax, amount: cents(-(taxedOn.get(part.effectiveDate)?.get(tax.code) ?? 0)) })).filter((tax) => tax.amount !== 0),
    },
  }));
  const laterOf = (code: string) => later.reduce((sum, part) => sum + (part.fees.taxes.find((tax) => tax.code === code)?.amount ?? 0), 0);
  const ownTaxes = fees.taxes.map((tax) => ({ ...tax, amount: cents(tax.amount - laterOf(tax.code)) })).filter((tax) => tax.amount !== 0);
  return [
    { effectiveDate: own.effectiveDate, accountingMonth: booked, writtenChange: own.writtenChange, fees: { policyFee: fees.policyFee, taxes: ownTaxes } },
    ...later,
  ];
};

/**
 * Each transaction's parts with what each carries (CONTRACT 18.2), in the order of the term's
 * transactions. What a cancellation takes back of the changes dated after it is dated as they
 * were, and the taxes levied on that premium go with it: exactly what the parts before it charged
 * on that date, given back whole (they never took effect). The transaction's own part keeps the
 * rest, the policy fee and flat components included (a later change taken back moves no fee), so
 * the parts add up to the transaction and no month or date carries tax on premium it does not carry.
 */
export const chargedPartsOf = (transactions: readonly PremiumTransaction[]): ChargedPart[][] => {
  const taxedOn: TaxesByDate = new Map();
  const cancellations: ChargedPart[][] = [];
  return transactions.map((transaction) => {
    const booked = bookedMonthOf(transaction);
    const reversed = transaction.type === 'reinstatement' ? cancellations.pop() : undefined;
    const charged = reversed ? reversalOf(reversed, booked) : partsOf(transaction, booked, taxedOn);
    for (const part of charged) {
      const onDate = taxedOn.get(part.effectiveDate) ?? new Map<string, number>();
      for (const tax of part.fees.taxes) onDate.set(tax.code, (onDate.get(tax.code) ?? 0) + tax.amount);
      taxedOn.set(part.effectiveDate, onDate);
    }
    if (transaction.type === 'cancellation') cancellations.push(charged);
    return charged;
  });
};

/** The taxes of a term's transactions whose parts are reported in `month`. */
export const taxesInMonth = (transactions: readonly PremiumTransaction[], month: string): TaxCharge[] =>
  chargedPartsOf(transactions)
    .flat()
    .filter((part) => part.accountingMonth === month)
    .flatMap((part) => part.fees.taxes);

/** The fee and taxes of a term's transactions on the premium effective on or before `asOf`. */
export const feesThrough = (transactions: readonly PremiumTransaction[], asOf: CalendarDate): FeesAndTaxes =>
  addFees(
    chargedPartsOf(transactions)
      .flat()
      .filter((part) => compareDates(part.effectiveDate, asOf) <= 0)
      .map((part) => part.fees),
  );
