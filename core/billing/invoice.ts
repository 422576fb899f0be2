import type { CalendarDate } from '../shared/calendar-date.ts';
import type { Cents } from '../shared/money.ts';

export type InvoiceStatus = 'open' | 'paid' | 'void';
/** `installment`: the bind schedule; `adjustment`: an additional charge; `credit`: money owed back (negative). */
export type InvoiceKind = 'installment' | 'adjustment' | 'credit';

export interface Invoice {
  readonly id: string;
  readonly orgId: string;
  readonly policyId: string;
  readonly invoiceNumber: string;
  readonly kind: InvoiceKind;
  readonly amount: Cents;
  readonly paidAmount: Cents;
  readonly dueDate: CalendarDate;
  readonly status: InvoiceStatus;
  readonly createdAt: Date;
}

export const invoiceNumber = (policyNumber: string, sequence: number): string => `${policyNumber}-${String(sequence).padStart(2, '0')}`;
