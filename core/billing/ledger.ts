import type { CommissionSplit } from './commission.ts';
import { cents, type Cents } from '../shared/money.ts';

export const LEDGER_ACCOUNTS = {
  premiumTrustCash: 'Premium trust cash (fiduciary)',
  operatingCash: 'Operating cash',
  carrierPayable: 'Premium payable to carrier',
  producerCommissionPayable: 'Commission payable to producer',
  mgaCommissionIncome: 'MGA commission income',
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
  readonly earnedByMga: Cents;
}

export interface LedgerEntry {
  readonly id: string;
  readonly orgId: string;
  /** What caused the posting; one posting per source. */
  readonly sourceKey: string;
  readonly invoiceId: string;
  readonly policyId: string;
  readonly description: string;
  readonly lines: readonly LedgerLine[];
  readonly fiduciarySplit: FiduciarySplit;
  readonly postedAt: Date;
}

export const totals = (lines: readonly LedgerLine[]): { debits: Cents; credits: Cents } => ({
  debits: cents(lines.reduce((sum, line) => sum + line.debit, 0)),
  credits: cents(lines.reduce((sum, line) => sum + line.credit, 0)),
});

/** Refuses any entry whose debits and credits differ, or whose lines are not one-sided and non-negative. */
export const assertBalanced = (lines: readonly LedgerLine[]): void => {
  for (const line of lines) {
    if (line.debit < 0 || line.credit < 0 || (line.debit > 0 && line.credit > 0)) throw new Error(`Ledger line on ${line.account} must be one-sided and non-negative.`);
  }
  const { debits, credits } = totals(lines);
  if (debits !== credits) throw new Error(`Unbalanced ledger entry: debits ${debits} != credits ${credits}.`);
};

const debit = (account: LedgerAccount, amount: Cents): LedgerLine => ({ account, debit: amount, credit: cents(0) });
const credit = (account: LedgerAccount, amount: Cents): LedgerLine => ({ account, debit: cents(0), credit: amount });

/**
 * A collected premium: the whole amount lands in the premium trust account, owed to the carrier
 * and the producer; the MGA's own commission is then moved out of trust into operating cash.
 */
export const premiumCollectionLines = (split: CommissionSplit): { lines: LedgerLine[]; fiduciarySplit: FiduciarySplit } => {
  const lines = [
    debit('premiumTrustCash', split.grossPremium),
    credit('carrierPayable', split.carrierNet),
    credit('producerCommissionPayable', split.agentCommission),
    credit('mgaCommissionIncome', split.mgaCommission),
    debit('operatingCash', split.mgaCommission),
    credit('premiumTrustCash', split.mgaCommission),
  ].filter((line) => line.debit > 0 || line.credit > 0);
  assertBalanced(lines);
  return { lines, fiduciarySplit: { heldForCarrier: split.carrierNet, heldForProducer: split.agentCommission, earnedByMga: split.mgaCommission } };
};
