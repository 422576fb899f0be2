import type { AccountingMonth } from '../../core/billing/accounting-period.ts';
import type { TrialBalance } from '../../core/billing/trial-balance.ts';

/** A month as it was closed: who closed it, when, and its trial balance. */
export interface ClosedMonth {
  readonly orgId: string;
  readonly month: AccountingMonth;
  readonly closedAt: Date;
  readonly closedBy: string;
  readonly trialBalance: TrialBalance;
}

/**
 * What a closed month's reports were when it closed, kept so they never change: the premium and
 * claims bordereau rows (each with its program first), and the earned premium reported per policy
 * through the month (`[policyId, cents]`), from which the next month's earned premium follows;
 * and the premium bordereau's header as it was (`premium-columns`, one row), so columns added
 * later never change a closed month.
 */
export type ClosedRowsKind = 'premium' | 'claims' | 'earned' | 'premium-columns';
export type ClosedRow = readonly (string | number)[];

export interface ClosedMonthRepository {
  /** Stores the month's rows of one kind, replacing any kept before. */
  saveRows(orgId: string, month: AccountingMonth, kind: ClosedRowsKind, rows: readonly ClosedRow[]): Promise<void>;
  /** The rows kept at the close, in order; null when none were kept (the close has not finished). */
  rows(orgId: string, month: AccountingMonth, kind: ClosedRowsKind): Promise<ClosedRow[] | null>;
  /** Whether every chunk of the kept rows of a kind is there. */
  complete(orgId: string, month: AccountingMonth, kind: ClosedRowsKind): Promise<boolean>;
  /** The kept rows of a kind chunk after chunk, in order (one chunk in memory at a time). */
  chunksOf(orgId: string, month: AccountingMonth, kind: ClosedRowsKind): AsyncGenerator<readonly ClosedRow[]>;
  save(closed: ClosedMonth): Promise<void>;
  find(orgId: string, month: AccountingMonth): Promise<ClosedMonth | null>;
  list(orgId: string): Promise<ClosedMonth[]>;
  /** Forgets a reopened month's close and rows. */
  remove(orgId: string, month: AccountingMonth): Promise<void>;
}
