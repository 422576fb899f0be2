import { INVOICE_LIFECYCLE, statusAfterMoney, type Invoice } from '../../core/billing/invoice.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import type { Payment, PaymentMethod } from '../../core/billing/payment.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { DomainError, notFound, writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import { cents, type Cents, centsToDollars, formatDollars } from '../../core/shared/money.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import { afterRow, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import type { PaymentBookkeeping } from './payment-bookkeeping.use-case.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { RequiredWriteUnmatched, type GroupedWrite } from '../shared/persistence/collection-store.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import type { Posting, PremiumBooks } from './premium-books.use-case.ts';

export interface SettlementDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly bookkeeping: PaymentBookkeeping;
  /** The policy's books, moved in the same write as the money. */
  readonly books: PremiumBooks;
  readonly atomic: AtomicWrite;
}

/** Money recorded on an invoice: the invoice as it now stands, the row, and the posting it moved (null on a repeat). */
export interface RecordedPayment {
  readonly invoice: Invoice;
  readonly payment: Payment;
  readonly posting: Posting | null;
  /** False when the reference was recorded before (this call changed nothing). */
  readonly fresh: boolean;
}

/** A payment taken by hand is refused on an invoice closed to collection, and beyond what is outstanding. */
const assertPayable = (invoice: Invoice, amount: Cents): void => {
  assertTransition(INVOICE_LIFECYCLE, 'take_payment', invoice.status);
  const outstanding = cents(invoice.amount - invoice.paidAmount);
  if (amount > outstanding)
    throw new DomainError('overpayment', `The invoice has ${formatDollars(outstanding)} outstanding.`, { outstanding: centsToDollars(outstanding) });
};

interface PaymentInput {
  readonly amount: Cents;
  readonly method: PaymentMethod;
  readonly reference: string;
  readonly source: 'processor' | 'manual';
  readonly refundOf?: string;
  readonly requestKey?: string;
}

/** Manual payments and voids; the reference makes a payment idempotent, the guard makes overpayment impossible. */
export class InvoicePayments {
  private readonly deps: SettlementDeps;

  constructor(deps: SettlementDeps) {
    this.deps = deps;
  }

  async pay(actor: Principal, orgId: string, invoiceId: string, input: { amount: Cents; method: PaymentMethod; reference: string }): Promise<Payment> {
    const known = await this.deps.payments.findByReference(orgId, input.reference);
    if (known && known.invoiceId !== invoiceId) throw new DomainError('duplicate', 'This reference was recorded for another invoice.');
    const audit = (payment: Payment) =>
      this.deps.audit.recordWrite(
        actor,
        orgId,
        'invoice.payment_recorded',
        { type: 'invoice', id: invoiceId },
        { paymentId: payment.id, method: input.method, reference: input.reference },
        { amount: input.amount },
      );
    const recorded = await this.record(orgId, invoiceId, { ...input, source: 'manual' }, true, audit);
    if (!recorded) throw notFound('Invoice');
    // The receipt follows the payment; a repeated request also stores one an interrupted first left undone.
    await this.deps.bookkeeping.afterPayment(orgId, invoiceId, input.reference);
    return recorded.payment;
  }

  /**
   * Money the processor already took: recorded once per payment-intent id, never refused for
   * size (an excess stays visible as paidAmount above amount). Null for an unknown invoice.
   */
  recordProcessorPayment(orgId: string, invoiceId: string, intentId: string, amount: Cents): Promise<RecordedPayment | null> {
    return this.record(orgId, invoiceId, { amount, method: 'card', reference: intentId, source: 'processor' }, false);
  }

  /**
   * Money received on an invoice, once per reference, as one atomic write: the amount on the
   * invoice (`paid` once covered) with its events, the payment row, and the policy's posting with
   * its commission. `guarded`: refused beyond what is outstanding (money not yet moved). A write
   * that lost a race (another payment on the invoice or the policy) starts again from its reads;
   * a repeat of the reference answers the first.
   */
  private record(
    orgId: string,
    invoiceId: string,
    input: PaymentInput,
    guarded: boolean,
    audit?: (payment: Payment) => GroupedWrite,
  ): Promise<RecordedPayment | null> {
    return retryFromReads(() => this.recordOnce(orgId, invoiceId, input, { what: 'Payment', guarded, together: (payment) => (audit ? [audit(payment)] : []) }));
  }

  /**
   * One attempt at recording money on an invoice (a negative amount: a refund) as one write: its
   * row, the invoice's received amount and status (with `payment.received` and `invoice.paid` for
   * money in), the policy's posting and `together` (what the caller adds to the write). A
   * reference recorded before answers the first; one counted without its row (an earlier release
   * wrote in steps) gets its row alone.
   */
  private async recordOnce(
    orgId: string,
    invoiceId: string,
    input: PaymentInput,
    how: { what: 'Payment' | 'Refund'; guarded: boolean; together: (payment: Payment) => readonly GroupedWrite[] },
  ): Promise<RecordedPayment | null> {
    const [invoice, known] = await Promise.all([this.deps.invoices.findById(orgId, invoiceId), this.deps.payments.findByReference(orgId, input.reference)]);
    if (!invoice) return null;
    if (known) return { invoice, payment: known, posting: null, fresh: false };
    const now = this.deps.clock.now(orgId);
    if (await this.deps.invoices.countsReference(orgId, invoiceId, input.reference)) {
      await this.storeRow(invoice, input, now);
      return { invoice, payment: (await this.deps.payments.findByReference(orgId, input.reference)) as Payment, posting: null, fresh: false };
    }
    if (how.guarded) assertPayable(invoice, input.amount);
    const payment = this.rowOf(orgId, invoiceId, input, now);
    const status = statusAfterMoney(invoice, input.amount);
    const origin = () => ({ id: this.deps.ids.next('evt'), orgId, at: now });
    const events =
      input.amount > 0
        ? [
            domainEvent('payment.received', { invoiceId, reference: input.reference, amount: input.amount, method: input.method }, origin()),
            ...(status === 'paid' && invoice.status !== 'paid'
              ? [domainEvent('invoice.paid', { invoiceId, invoiceNumber: invoice.invoiceNumber, policyId: invoice.policyId, amount: invoice.amount }, origin())]
              : []),
          ]
        : [];
    const cause = { invoiceId, reference: input.reference, description: `${how.what} ${input.reference} on invoice ${invoice.invoiceNumber}` };
    const books = await this.deps.books.changeWritesOf(orgId, invoice.policyId, cause, { payments: [payment] });
    await this.deps.atomic.commit([
      ...how.together(payment),
      this.deps.invoices.moneyWrite(invoice, input.reference, input.amount, events),
      ...this.deps.payments.insertWrites(payment, afterRow(invoice, payment.amount)),
      ...books.writes,
    ]);
    const after = { ...invoice, paidAmount: cents(invoice.paidAmount + input.amount), status };
    return { invoice: after, payment, posting: books.posting, fresh: true };
  }

  private rowOf(orgId: string, invoiceId: string, input: PaymentInput, at: Date): Payment {
    return {
      id: this.deps.ids.next('pay'),
      orgId,
      invoiceId,
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      source: input.source,
      ...(input.refundOf ? { refundOf: input.refundOf } : {}),
      ...(input.requestKey ? { requestKey: input.requestKey } : {}),
      receivedAt: at,
    };
  }

  /** The row of a payment or refund its invoice (as given) already counts. */
  private async storeRow(invoice: Invoice, input: PaymentInput, at: Date): Promise<void> {
    await writeUnlessDuplicate(() => this.deps.payments.insert(this.rowOf(invoice.orgId, invoice.id, input, at), invoice));
  }

  /**
   * A refund the processor made (from its reports, or asked by a request that held the payment
   * first): the negative row once per reference, the invoice's paid amount (a paid invoice no
   * longer covered reopens) and the policy's posting, as one write with `together` (the
   * processor's step it records). Money the processor returned is always recorded; a write that
   * lost a race starts again from its reads. Null for an unknown invoice; `recorded` false when
   * the reference was recorded before.
   */
  recordRefund(
    orgId: string,
    invoiceId: string,
    input: PaymentInput,
    together: readonly GroupedWrite[] = [],
  ): Promise<{ invoice: Invoice; payment: Payment; recorded: boolean } | null> {
    const attempt = async () => {
      const recorded = await this.recordOnce(
        orgId,
        invoiceId,
        { ...input, amount: cents(-Math.abs(input.amount)) },
        { what: 'Refund', guarded: false, together: () => together },
      );
      return recorded && { invoice: recorded.invoice, payment: recorded.payment, recorded: recorded.fresh };
    };
    // Writes decided by the caller were read by it: a lost race is for the caller to start again from its reads.
    return together.length > 0 ? attempt() : retryFromReads(attempt);
  }

  /**
   * Voids an open invoice that bills nothing. A premium invoice (an installment, an adjustment or
   * a credit) changes only through the policy: an endorsement or cancellation, or a write-off.
   */
  async void(actor: Principal, orgId: string, invoiceId: string): Promise<Invoice> {
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    assertTransition(INVOICE_LIFECYCLE, 'void', invoice.status);
    if (invoice.amount !== 0) {
      throw new DomainError(
        'premium_installment',
        'A premium invoice is not voided on its own: endorse or cancel the policy, or write the charge off (POST /v1/invoices/{id}/write-off).',
        { kind: invoice.kind, amount: centsToDollars(invoice.amount) },
      );
    }
    try {
      await this.deps.atomic.commit([
        ...this.deps.invoices.voidWrites([invoice]),
        this.deps.audit.recordWrite(actor, orgId, 'invoice.voided', { type: 'invoice', id: invoiceId }, {}, { amount: invoice.amount }),
      ]);
    } catch (error) {
      if (error instanceof RequiredWriteUnmatched)
        throw new DomainError('invalid_transition', 'An invoice with payments cannot be voided.', { status: invoice.status });
      throw error;
    }
    return { ...invoice, status: 'void' };
  }
}
