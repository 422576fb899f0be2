import type { AccountingMonth } from './accounting-period.ts';
import { LEDGER_ACCOUNTS, type LedgerAccount, type LedgerLine } from './ledger.ts';
import { cents, type Cents } from '../shared/money.ts';

/** One account of a trial balance: the month's debits and credits, and its balance at the month's end (debit positive). */
export interface TrialBalanceLine {
  readonly account: LedgerAccount;
  readonly name: string;
  readonly debits: Cents;
  readonly credits: Cents;
  readonly balance: Cents;
}

export interface TrialBalance {
  readonly month: AccountingMonth;
  readonly accounts: readonly TrialBalanceLine[];
  readonly totals: { readonly debits: Cents; readonly credits: Cents; readonly balance: Cents };
}

/** A posting as the trial balance reads it: its lines and the month it is booked in. */
export interface BookedLines {
  readonly accountingMonth: AccountingMonth;
  readonly lines: readonly LedgerLine[];
}

/**
 * The trial balance of a month: for every account, what the postings booked in the month moved,
 * and the balance of every posting booked through it. Balanced postings make both totals equal
 * and the balances sum to zero.
 */
export const trialBalanceOf = (month: AccountingMonth, postings: Iterable<BookedLines>): TrialBalance => {
  const sums = new Map<LedgerAccount, { debits: number; credits: number; balance: number }>();
  for (const posting of postings) {
    if (posting.accountingMonth > month) continue;
    for (const line of posting.lines) {
      const sum = sums.get(line.account) ?? { debits: 0, credits: 0, balance: 0 };
      if (posting.accountingMonth === month) {
        sum.debits += line.debit;
        sum.credits += line.credit;
      }
      sum.balance += line.debit - line.credit;
      sums.set(line.account, sum);
    }
  }
  const accounts = (Object.keys(LEDGER_ACCOUNTS) as LedgerAccount[])
    .filter((account) => sums.has(account))
    .map((account) => {
      const sum = sums.get(account) ?? { debits: 0, credits: 0, balance: 0 };
      return { account, name: LEDGER_ACCOUNTS[account], debits: cents(sum.debits), credits: cents(sum.credits), balance: cents(sum.balance) };
    });
  const total = (pick: (line: TrialBalanceLine) => number) => cents(accounts.reduce((sum, line) => sum + pick(line), 0));
  return { month, accounts, totals: { debits: total((line) => line.debits), credits: total((line) => line.credits), balance: total((line) => line.balance) } };
};
