import type { Invoice } from '../../core/billing/invoice.ts';
import type { Payment } from '../../core/billing/payment.ts';
import type { KeptFigure } from '../../core/billing/receivable-figures.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { NO_KEPT_FIGURES, type KeptFigures } from '../shared/persistence/kept-figures.port.ts';

/** An invoice as a payment or refund row leaves it (its paid amount counting the row). */
export type InvoiceAfterRow = Pick<Invoice, 'orgId' | 'policyId' | 'amount' | 'dueDate' | 'status' | 'paidAmount'>;

/**
 * What the receivables keep from invoices and their rows (`core/billing/receivable-figures.ts`),
 * written in the same group as the record that moves them.
 */
export interface ReceivableFigures {
  readonly invoices: KeptFigures<Invoice>;
  rowWrites(row: Payment, invoice: InvoiceAfterRow): readonly GroupedWrite[];
}

/** A marked policy as its mark was read: `changes` counts the writes that moved its receivables since it was marked. */
export interface ReceivableMark {
  readonly policyId: string;
  readonly changes: number;
}

/** The organization's receivables as kept: what the aging report reads instead of every invoice. */
export interface KeptReceivables {
  /** Each kept figure's sum through `asOf`, a few per month of the book. */
  figuresThrough(orgId: string, asOf: CalendarDate): Promise<KeptFigure[]>;
  /**
   * The policies marked by `asOf` (something on them owed back) whose exact accounts correct the
   * sums on that date: not those the sums count exactly from `asOf` or earlier (reconciled).
   */
  markedThrough(orgId: string, asOf: CalendarDate): Promise<string[]>;
  /** The marked policies not reconciled, in policy order after `after`, `limit` at a time. */
  marksToReconcile(orgId: string, after: string | null, limit: number): Promise<ReceivableMark[]>;
  /** Records that the sums count the policy exactly from `day`; false when it changed since `mark` was read (a guarded write). */
  reconcile(orgId: string, mark: ReceivableMark, day: CalendarDate): Promise<boolean>;
}

/** Stores of invoices and rows from which no receivables are kept (a test of the records alone). */
export const NO_RECEIVABLE_FIGURES: ReceivableFigures = { invoices: NO_KEPT_FIGURES, rowWrites: () => [] };
