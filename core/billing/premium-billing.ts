import { compareDates, type CalendarDate } from '../shared/calendar-date.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { Invoice } from './invoice.ts';

type Billed = Pick<Invoice, 'id' | 'kind' | 'amount' | 'paidAmount' | 'status' | 'dueDate'>;

/** What the insured is billed in all: every invoice not voided (credits count negative). */
export const netBilled = (invoices: readonly Billed[]): Cents =>
  cents(invoices.filter((invoice) => invoice.status !== 'void').reduce((sum, invoice) => sum + invoice.amount, 0));

/**
 * Installments a cancellation makes void: those still open with nothing paid that fall due on or
 * after the cancellation date (no cover is left for them to pay for).
 */
export const installmentsVoidedBy = (invoices: readonly Billed[], cancelledFrom: CalendarDate): string[] =>
  invoices
    .filter((invoice) => invoice.kind === 'installment' && invoice.status === 'open' && invoice.paidAmount === 0)
    .filter((invoice) => compareDates(invoice.dueDate, cancelledFrom) >= 0)
    .map((invoice) => invoice.id);

/**
 * The adjustment that brings the policy's billing to its net written premium after a premium
 * transaction: positive, an additional charge; negative, a credit owed to the insured; zero, none.
 * Computed from what is billed, not from the transaction, so a change whose invoice was lost
 * is billed by the next one.
 */
export const billingAdjustment = (invoices: readonly Billed[], netWritten: Cents): Cents => cents(netWritten - netBilled(invoices));
