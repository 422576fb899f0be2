import type { AccountingMonth } from './accounting-period.ts';
import type { CalendarDate } from '../shared/calendar-date.ts';
import type { PinnedRates } from './commission.ts';
import type { PremiumPosition } from './premium-position.ts';
import { cents, type Cents } from '../shared/money.ts';

export const LEDGER_ACCOUNTS = {
  premiumTrustCash: 'Premium trust cash (fiduciary)',
  operatingCash: 'Operating cash',
  carrierPayable: 'Premium payable to carrier',
  producerCommissionPayable: 'Commission payable to producer',
  mgaCommissionIncome: 'MGA commission income',
  policyFeeIncome: 'Policy fee income',
  surplusLinesTaxPayable: 'Surplus lines tax and state fees payable to the state',
  stampingFeePayable: 'Stamping fee payable to the stamping office',
  fireMarshalTaxPayable: 'Fire marshal tax payable to the state fire marshal',
  stateFundFeePayable: 'Fees payable to other state funds (windstorm pools, emergency funds, clearinghouses)',
  localPremiumTaxPayable: 'Local premium tax payable to cities and counties',
  owedToInsureds: 'Premium owed to insureds (return premium and unapplied cash)',
  premiumReceivable: 'Premium receivable from insureds (billed, not collected)',
  premiumAwaitingCollection: 'Premium billed, awaiting collection (recognized as collected)',
} as const;
export type LedgerAccount = keyof typeof LEDGER_ACCOUNTS;

export interface LedgerLine {
  readonly account: LedgerAccount;
  readonly debit: Cents;
  readonly credit: Cents;
}

/** Money held in trust for others versus money the MGA has earned. */
export interface FiduciarySplit {
  readonly heldForCarrier: Cents;
  readonly heldForProducer: Cents;
  /** Surplus lines taxes and fees, owed to the state, its stamping office, fire marshal, funds and localities. */
  readonly heldForState: Cents;
  /** Return premium and money received beyond what is owed. */
  readonly heldForInsured: Cents;
  readonly earnedByMga: Cents;
}

export interface LedgerEntry {
  readonly id: string;
  readonly orgId: string;
  /** What caused the posting; one posting per source. */
  readonly sourceKey: string;
  /** The invoice whose payment or refund moved the books; null for a premium transaction (a cancellation). */
  readonly invoiceId: string | null;
  readonly policyId: string;
  /** The policy's postings are numbered from 1; each moves its books from one position to the next. */
  readonly sequence: number;
  readonly position: { readonly from: PremiumPosition; readonly to: PremiumPosition };
  /** The commission rates of the policy, fixed by its first posting. */
  readonly rates: PinnedRates;
  readonly description: string;
  readonly lines: readonly LedgerLine[];
  readonly fiduciarySplit: FiduciarySplit;
  readonly postedAt: Date;
  /** The organization's date when posted; absent on postings stored before it was recorded (the date of `postedAt`). */
  readonly bookedOn?: CalendarDate;
  /** The accounting month the posting is booked in (accounting-period.ts); absent on older postings (the month of `postedAt`). */
  readonly accountingMonth?: AccountingMonth;
}

export const totals = (lines: readonly LedgerLine[]): { debits: Cents; credits: Cents } => ({
  debits: cents(lines.reduce((sum, line) => sum + line.debit, 0)),
  credits: cents(lines.reduce((sum, line) => sum + line.credit, 0)),
});

/** Refuses any entry whose debits and credits differ, or whose lines are not one-sided and non-negative. */
export const assertBalanced = (lines: readonly LedgerLine[]): void => {
  for (const line of lines) {
    if (line.debit < 0 || line.credit < 0 || (line.debit > 0 && line.credit > 0))
      throw new Error(`Ledger line on ${line.account} must be one-sided and non-negative.`);
  }
  const { debits, credits } = totals(lines);
  if (debits !== credits) throw new Error(`Unbalanced ledger entry: debits ${debits} != credits ${credits}.`);
};

/** A signed amount on an account: positive is a debit, negative a credit. */
export const signedLine = (account: LedgerAccount, signed: number): LedgerLine =>
  signed >= 0 ? { account, debit: cents(signed), credit: cents(0) } : { account, debit: cents(0), credit: cents(-signed) };
