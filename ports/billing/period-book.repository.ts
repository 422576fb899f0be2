import type { AccountingMonth, PeriodBook } from '../../core/billing/accounting-period.ts';

/** Each organization's accounting periods: where they begin and the last closed month. */
export interface PeriodBookRepository {
  /** The organization's book; empty (nothing booked, nothing closed) when it has none yet. */
  find(orgId: string): Promise<PeriodBook>;
  /** Makes `month` part of the periods: the book begins at it when nothing earlier was booked. */
  includeMonth(orgId: string, month: AccountingMonth): Promise<void>;
  /**
   * Moves the last closed month from `from` to `to` (and sets the first month when the book had
   * none) only while it is still `from`: false when another close or reopen moved it first.
   */
  moveClosedThrough(orgId: string, from: AccountingMonth | null, to: AccountingMonth | null, firstMonth: AccountingMonth | null): Promise<boolean>;
}
