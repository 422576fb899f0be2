import type { CreditStep, Invoice, InvoiceStatus, InvoiceWriteOff } from '../../core/billing/invoice.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import type { Payment, RefundStep } from '../../core/billing/payment.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { CalendarDate } from '../../core/shared/calendar-date.ts';
import type { InvoiceAfterRow } from './kept-receivables.port.ts';

/** `maxPaidBefore`: the invoice is open and a payment cannot overpay it; `minPaidBefore`: a refund cannot take back more than was paid. */
export type PaymentGuard = { readonly maxPaidBefore: Cents } | { readonly minPaidBefore: Cents };

export interface InvoiceFilters {
  readonly status?: InvoiceStatus;
  readonly policyId?: string;
  /** Only invoices of these policies (the ones the caller reaches); absent: every policy. */
  readonly policyIds?: readonly string[];
  /** Only invoices whose number begins with this (invoiceNumberPrefix); `too_broad` past SEARCH_CAP matches. */
  readonly numberPrefix?: string;
}

export interface InvoiceRepository {
  /** A policy's installments as one write: all of them are kept, or none. */
  insertAll(invoices: readonly Invoice[]): Promise<void>;
  /** The inserts of new invoices, for the command's one write (AtomicWrite). */
  insertWrites(invoices: readonly Invoice[]): GroupedWrite[];
  findById(orgId: string, id: string): Promise<Invoice | null>;
  list(orgId: string, filters: InvoiceFilters, page: PageRequest): Promise<Page<Invoice>>;
  /** Every invoice of a policy, oldest first (a policy has a few dozen at most). */
  forPolicy(orgId: string, policyId: string): Promise<Invoice[]>;
  /** Every invoice of these policies. */
  forPolicies(orgId: string, policyIds: readonly string[]): Promise<Invoice[]>;
  /** A page of the ids of the organization's policies that have invoices, in id order. */
  policyPage(orgId: string, request: PageRequest): Promise<Page<string>>;
  /** The open charges (not credits) due before `before`, oldest due first: those the day's past-due marking looks at. */
  openDueBefore(orgId: string, before: CalendarDate): Promise<Invoice[]>;
  /** The past-due invoices the delinquency step has not dealt with yet. */
  pastDueUnseen(orgId: string): Promise<Invoice[]>;
  /** Notes that the delinquency step dealt with these invoices on `on` (once: a later call changes nothing). */
  markSeen(orgId: string, ids: readonly string[], on: CalendarDate): Promise<void>;
  /**
   * An open invoice to past due, with its events the first time it falls past due; null when it
   * was no longer open (paid meanwhile, or marked by another process).
   */
  markPastDue(orgId: string, invoice: Invoice, on: CalendarDate, events: readonly DomainEvent[]): Promise<Invoice | null>;
  /**
   * Adds a payment to `paidAmount` once per reference, with its events, in one guarded write;
   * null when the invoice is missing or already counted this reference.
   */
  applyPayment(orgId: string, id: string, reference: string, amount: Cents, events: readonly DomainEvent[], guard?: PaymentGuard): Promise<Invoice | null>;
  /** Whether a payment with this reference was already added to the invoice. */
  countsReference(orgId: string, id: string, reference: string): Promise<boolean>;
  /** Appends events once per key (a failure the processor reports twice is announced once); false when the key was seen. */
  appendEventsOnce(orgId: string, id: string, key: string, events: readonly DomainEvent[]): Promise<boolean>;
  /**
   * Takes part of an open credit for a settlement step, recorded on the credit, in one guarded
   * write: null when the reference was taken or the credit has less than `minPaidBefore` allows
   * (its amount plus the step's).
   */
  takeCredit(orgId: string, id: string, step: CreditStep, minPaidBefore: Cents): Promise<Invoice | null>;
  /**
   * What taking these steps from an open credit writes, for the command's one write: required
   * (guard `credit_changed`) to find the credit as read; the credit is marked paid when the steps
   * settle it.
   */
  takeCreditWrite(credit: Invoice, steps: readonly CreditStep[]): GroupedWrite;
  /** A paid invoice back to open (a refund left it uncovered); null when it was not paid. */
  reopen(orgId: string, id: string): Promise<Invoice | null>;
  /** What voiding these invoices (as read) writes, for the command's one write: each required to be still owed and unpaid (guard `invoice_changed`). */
  voidWrites(invoices: readonly Invoice[]): GroupedWrite[];
  /**
   * What adding `amount` (negative: a refund) to what the invoice received writes, for the
   * command's one write, with its events and the status it takes (`statusAfterMoney`): required
   * (guard `invoice_changed`) to find the invoice as read (its paid amount and status) and the
   * reference not counted yet.
   */
  moneyWrite(invoice: Invoice, reference: string, amount: Cents, events: readonly DomainEvent[]): GroupedWrite;
  /** What writing off an open invoice writes, for the command's one write: required (guard `invoice_changed`) to have received exactly what it had when read. */
  writeOffWrites(invoice: Invoice, writeOff: InvoiceWriteOff): GroupedWrite[];
  /** Moves an open invoice to paid, with its events; null when it was not open. */
  markPaid(orgId: string, id: string, events: readonly DomainEvent[]): Promise<Invoice | null>;
}

export interface PaymentRepository {
  /** Rejects with `duplicate` when the reference was recorded before. `invoice`: its invoice as the row leaves it (what it moves in the receivables). */
  insert(payment: Payment, invoice: InvoiceAfterRow): Promise<void>;
  /** The insert of a payment or refund row, for the command's one write (`duplicate` for a reference recorded before). */
  insertWrites(payment: Payment, invoice: InvoiceAfterRow): GroupedWrite[];
  forInvoice(orgId: string, invoiceId: string): Promise<Payment[]>;
  /** Every payment of these invoices (the invoices of one policy). */
  forInvoices(orgId: string, invoiceIds: readonly string[]): Promise<Payment[]>;
  findByReference(orgId: string, reference: string): Promise<Payment | null>;
  /**
   * Holds `amount` of a payment for a refund request `key` before the processor is asked, in one
   * guarded write: false when the key already holds a part (the same request again) or when the
   * holds would exceed `limit` (racing refunds can never give back more than was paid).
   */
  holdRefund(orgId: string, paymentId: string, key: string, amount: Cents, limit: Cents): Promise<boolean>;
  /** Gives a hold back (the processor refused the refund). */
  releaseRefundHold(orgId: string, paymentId: string, key: string, amount: Cents): Promise<void>;
  /** Whether a refund request `key` holds part of the payment. */
  holdsRefund(orgId: string, paymentId: string, key: string): Promise<boolean>;
  /** The payment the processor took for an intent, in whichever organization it was recorded (processor ids are global). */
  findProcessorPayment(intentId: string): Promise<Payment | null>;
  /**
   * Notes what the processor reports refunded of a payment: a charge's cumulative amount (kept
   * when larger) or one refund by id (counted once). Repeating a report changes nothing.
   */
  noteProcessorRefund(orgId: string, paymentId: string, report: { cumulative: Cents } | { refundId: string; amount: Cents }): Promise<Payment | null>;
  /** Takes on recording `step` in one guarded write: null when the recorded level is no longer `step.from` (another caller took it). */
  takeRefundStep(orgId: string, paymentId: string, step: RefundStep): Promise<Payment | null>;
  /** What taking a step of the processor's refunds writes, for the write that records it: required (guard `refund_level_moved`) to find the level at the step's start. */
  refundStepWrite(payment: Payment, step: RefundStep): GroupedWrite;
}

/** Every invoice of a policy and every payment, refund and credit row on them, in two reads. */
export const policyPayments = async (
  deps: { readonly invoices: InvoiceRepository; readonly payments: PaymentRepository },
  orgId: string,
  policyId: string,
): Promise<{ invoices: Invoice[]; payments: Payment[] }> => {
  const invoices = await deps.invoices.forPolicy(orgId, policyId);
  const payments = await deps.payments.forInvoices(
    orgId,
    invoices.map((invoice) => invoice.id),
  );
  return { invoices, payments };
};

/** An invoice as a row of `amount` (negative: a refund) leaves it, for the row's share of the receivables. */
export const afterRow = (invoice: Invoice, amount: number): Invoice => ({ ...invoice, paidAmount: cents(invoice.paidAmount + amount) });
