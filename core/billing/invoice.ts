import type { CalendarDate } from '../shared/calendar-date.ts';
import { installmentSchedule, type InstallmentPlan } from './installment-plan.ts';
import { lifecycle } from '../shared/lifecycle.ts';
import { cents, type Cents } from '../shared/money.ts';
import type { ChargeKind } from './premium-position.ts';

export const INVOICE_STATUSES = ['open', 'past_due', 'paid', 'void', 'written_off'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The statuses of an invoice still owed: open, or past due. */
export const COLLECTIBLE: readonly InvoiceStatus[] = ['open', 'past_due'];
export const isCollectible = (invoice: Pick<Invoice, 'status'>): boolean => COLLECTIBLE.includes(invoice.status);

/**
 * The status an invoice takes when `amount` (negative: a refund) is added to what it received: a
 * collectible one covered is `paid`; a paid one no longer covered reopens; otherwise it keeps its
 * status (a part paid of a past-due invoice leaves it past due; money on a void one stays visible).
 */
export const statusAfterMoney = (invoice: Pick<Invoice, 'status' | 'amount' | 'paidAmount'>, amount: number): InvoiceStatus => {
  const received = invoice.paidAmount + amount;
  if (isCollectible(invoice) && received >= invoice.amount) return 'paid';
  if (invoice.status === 'paid' && received < invoice.amount) return 'open';
  return invoice.status;
};

/**
 * Payments and refunds change what an invoice owed has received (`take_payment` keeps its
 * status: a part paid of a past-due invoice leaves it past due); once covered it is `paid`, and
 * a refund that uncovers it reopens it. A charge unpaid past its grace days is `past_due`. Only
 * an invoice that has received nothing can be voided; what is left unpaid of a charge can be
 * written off.
 */
export const INVOICE_LIFECYCLE = lifecycle({
  subject: 'invoice',
  statuses: INVOICE_STATUSES,
  moves: {
    take_payment: { from: COLLECTIBLE, to: 'open' },
    fall_past_due: { from: ['open'], to: 'past_due' },
    mark_paid: { from: COLLECTIBLE, to: 'paid' },
    reopen: { from: ['paid'], to: 'open' },
    void: { from: COLLECTIBLE, to: 'void' },
    write_off: { from: COLLECTIBLE, to: 'written_off' },
  },
});
/** `installment`: the bind schedule; `adjustment`: an additional charge; `credit`: money owed back (negative). */
type InvoiceKind = 'installment' | 'adjustment' | 'credit';

/**
 * A part of a credit taken for settling it, recorded on the credit in the same write that takes
 * it: applied to another invoice of the policy, or paid out (through the processor from a card
 * payment, or by other means). The rest of the step (the other invoice's side, the processor
 * call, the payment rows) is finished from this record, so an interrupted settlement completes.
 */
export interface CreditStep {
  readonly reference: string;
  readonly amount: Cents;
  /** The caller's reference of the request that took the step. */
  readonly requestKey: string;
  readonly settlement:
    | { readonly type: 'applied'; readonly invoiceId: string }
    | { readonly type: 'refunded'; readonly paymentReference: string }
    | { readonly type: 'paid_out'; readonly method: 'ach' | 'check' | 'wire' | 'other' };
}

/**
 * What an invoice charges on one line: premium, the policy fee, or one component of the state's
 * surplus lines charges (`code` and `name` from the term's schedule; `kind` is who it is owed to).
 * Lines stored before components were kept have no code: their kind is their code.
 */
export interface InvoiceLine {
  readonly kind: ChargeKind;
  readonly amount: Cents;
  readonly code?: string;
  readonly name?: string;
}

/** Something a policy owes, as one invoice line would bill it. */
export interface ChargeItem {
  readonly kind: ChargeKind;
  readonly code: string;
  readonly name?: string;
  readonly amount: Cents;
}

export const codeOfLine = (line: InvoiceLine): string => line.code ?? line.kind;

const KIND_NAMES: Readonly<Record<ChargeKind, string>> = {
  premium: 'Premium',
  policyFee: 'Policy fee',
  surplusLinesTax: 'Surplus lines tax',
  stampingFee: 'Stamping fee',
  fireMarshalTax: 'Fire marshal tax',
  stateFundFee: 'State fund fee',
  localPremiumTax: 'Local premium tax',
};

/** What a line is called: a tax component's name from its schedule, else its kind's. */
export const lineName = (line: InvoiceLine): string => line.name ?? KIND_NAMES[line.kind];

export interface Invoice {
  readonly id: string;
  readonly orgId: string;
  readonly policyId: string;
  readonly invoiceNumber: string;
  readonly kind: InvoiceKind;
  /** The sum of the lines. */
  readonly amount: Cents;
  readonly lines: readonly InvoiceLine[];
  readonly paidAmount: Cents;
  readonly dueDate: CalendarDate;
  readonly status: InvoiceStatus;
  readonly createdAt: Date;
  /** The day it first fell past due (kept when a refund reopens it, so it is announced once). */
  readonly pastDueOn?: CalendarDate;
  /**
   * The day the delinquency step dealt with it while past due: a notice of cancellation now
   * covers it, or its policy was no longer in force. Absent: still to be looked at.
   */
  readonly delinquencySeenOn?: CalendarDate;
  /** A credit's settlement, step by step. */
  readonly creditSteps?: readonly CreditStep[];
  /** What was left unpaid of the charge, given up as uncollectible. */
  readonly writeOff?: InvoiceWriteOff;
}

/** A write-off: its own booked transaction, with a ledger posting that takes the amount out of receivables. */
export interface InvoiceWriteOff {
  readonly amount: Cents;
  readonly reason: string;
  readonly by: string;
  readonly at: Date;
  readonly bookedOn: CalendarDate;
  readonly accountingMonth: string;
}

/** What the write-offs of these invoices gave up. */
export const writtenOff = (invoices: readonly Pick<Invoice, 'writeOff'>[]): Cents =>
  cents(invoices.reduce((sum, invoice) => sum + (invoice.writeOff?.amount ?? 0), 0));

export const invoiceNumber = (policyNumber: string, sequence: number): string => `${policyNumber}-${String(sequence).padStart(2, '0')}`;

/** An invoice stored before lines were kept charged premium only. */
export const linesOf = (invoice: Pick<Invoice, 'lines' | 'amount'>): readonly InvoiceLine[] => invoice.lines ?? [{ kind: 'premium', amount: invoice.amount }];

/** The lines of the items that are not zero, in their order. */
export const chargeLines = (items: readonly ChargeItem[]): InvoiceLine[] =>
  items
    .filter((item) => item.amount !== 0)
    .map((item) => ({
      kind: item.kind,
      amount: item.amount,
      ...(item.code !== item.kind ? { code: item.code } : {}),
      ...(item.name ? { name: item.name } : {}),
    }));

const premiumOf = (items: readonly ChargeItem[]): Cents => cents(items.filter((item) => item.kind === 'premium').reduce((sum, item) => sum + item.amount, 0));

const sumOfLines = (lines: readonly InvoiceLine[]): Cents => cents(lines.reduce((sum, line) => sum + line.amount, 0));

/**
 * The bind's installment invoices, numbered `-01`, `-02`… after the policy number: the premium
 * spread by the plan, the policy fee and each tax and fee due in full with the first installment.
 * They sum to what the policy owes.
 */
export const installmentInvoices = (
  policy: { readonly id: string; readonly orgId: string; readonly policyNumber: string },
  plan: InstallmentPlan,
  owed: readonly ChargeItem[],
  effectiveDate: CalendarDate,
  nextId: () => string,
  at: Date,
): Invoice[] =>
  installmentSchedule(plan, premiumOf(owed), effectiveDate).map((installment) => {
    const premium: ChargeItem = { kind: 'premium', code: 'premium', amount: installment.amount };
    const lines = chargeLines(installment.sequence === 1 ? [premium, ...owed.filter((item) => item.kind !== 'premium')] : [premium]);
    return {
      id: nextId(),
      orgId: policy.orgId,
      policyId: policy.id,
      invoiceNumber: invoiceNumber(policy.policyNumber, installment.sequence),
      kind: 'installment',
      amount: sumOfLines(lines),
      lines,
      paidAmount: cents(0),
      dueDate: installment.dueDate,
      status: 'open',
      createdAt: at,
    };
  });

/** A mid-term charge (positive in all) or credit (negative), numbered after the policy's existing invoices. */
export const adjustmentInvoice = (
  policy: { readonly id: string; readonly orgId: string; readonly policyNumber: string },
  sequence: number,
  lines: readonly InvoiceLine[],
  dueDate: CalendarDate,
  id: string,
  at: Date,
): Invoice => ({
  id,
  orgId: policy.orgId,
  policyId: policy.id,
  invoiceNumber: invoiceNumber(policy.policyNumber, sequence),
  kind: sumOfLines(lines) > 0 ? 'adjustment' : 'credit',
  amount: sumOfLines(lines),
  lines,
  paidAmount: cents(0),
  dueDate,
  status: 'open',
  createdAt: at,
});
