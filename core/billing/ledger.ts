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
    if (line.debit < 0 || line.credit < 0 || (line.debit > 0 && line.credit > 0))
      throw new Error(`Ledger line on ${line.account} must be one-sided and non-negative.`);
  }
  const { debits, credits } = totals(lines);
  if (debits !== credits) throw new Error(`Unbalanced ledger entry: debits ${debits} != credits ${credits}.`);
};

/** A signed amount on an account: positive is a debit, negative a credit. */
const line = (account: LedgerAccount, signed: number): LedgerLine =>
  signed >= 0 ? { account, debit: cents(signed), credit: cents(0) } : { account, debit: cents(0), credit: cents(-signed) };

/**
 * A collected premium: the whole amount lands in the premium trust account, owed to the carrier
 * and the producer; the MGA's own commission is then moved out of trust into operating cash.
 * Amounts are signed, so a split with a negative part (a rounding correction) still posts on the
 * right side.
 */
export const premiumCollectionLines = (split: CommissionSplit): { lines: LedgerLine[]; fiduciarySplit: FiduciarySplit } => {
  const lines = [
    line('premiumTrustCash', split.grossPremium),
    line('carrierPayable', -split.carrierNet),
    line('producerCommissionPayable', -split.agentCommission),
    line('mgaCommissionIncome', -split.mgaCommission),
    line('operatingCash', split.mgaCommission),
    line('premiumTrustCash', -split.mgaCommission),
  ].filter((entry) => entry.debit > 0 || entry.credit > 0);
  assertBalanced(lines);
  return { lines, fiduciarySplit: { heldForCarrier: split.carrierNet, heldForProducer: split.agentCommission, earnedByMga: split.mgaCommission } };
};

/** A refunded premium (split as its commission reversal): the collection posting run backwards, the fiduciary split reduced. */
export const premiumRefundLines = (reversal: CommissionSplit): { lines: LedgerLine[]; fiduciarySplit: FiduciarySplit } => {
  const collected = premiumCollectionLines(reversal);
  return {
    lines: collected.lines.map((line) => ({ account: line.account, debit: line.credit, credit: line.debit })),
    fiduciarySplit: {
      heldForCarrier: cents(-reversal.carrierNet),
      heldForProducer: cents(-reversal.agentCommission),
      earnedByMga: cents(-reversal.mgaCommission),
    },
  };
};
