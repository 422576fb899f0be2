import { INVOICE_LIFECYCLE, isCollectible, type Invoice } from '../../core/billing/invoice.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import type { Payment, PaymentMethod } from '../../core/billing/payment.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { DomainError, notFound, writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import { cents, type Cents, centsToDollars, formatDollars } from '../../core/shared/money.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { InvoiceRepository, PaymentRepository } from './invoice.repository.ts';
import type { PaymentBookkeeping } from './payment-bookkeeping.use-case.ts';

export interface SettlementDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly bookkeeping: PaymentBookkeeping;
}

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
    if (known) {
      if (known.invoiceId !== invoiceId) throw new DomainError('duplicate', 'This reference was recorded for another invoice.');
      // A repeated request also finishes what an interrupted first one left undone.
      await this.deps.bookkeeping.afterPayment(orgId, invoiceId, input.reference);
      return known;
    }
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (await this.deps.invoices.countsReference(orgId, invoiceId, input.reference)) return this.sameAsFirst(orgId, invoiceId, input);
    assertTransition(INVOICE_LIFECYCLE, 'take_payment', invoice.status);
    const outstanding = cents(invoice.amount - invoice.paidAmount);
    if (input.amount > outstanding)
      throw new DomainError('overpayment', `The invoice has ${formatDollars(outstanding)} outstanding.`, { outstanding: centsToDollars(outstanding) });
    const applied = await this.record(orgId, invoiceId, { ...input, source: 'manual' }, cents(invoice.amount - input.amount));
    if (!applied && (await this.deps.invoices.countsReference(orgId, invoiceId, input.reference))) return this.sameAsFirst(orgId, invoiceId, input);
    if (!applied) {
      const current = await this.deps.invoices.findById(orgId, invoiceId);
      if (current) assertTransition(INVOICE_LIFECYCLE, 'take_payment', current.status);
      throw new DomainError('overpayment', 'Another payment was recorded meanwhile; the amount now exceeds what is outstanding.');
    }
    const payment = (await this.deps.payments.findByReference(orgId, input.reference)) as Payment;
    await this.deps.audit.record(
      actor,
      orgId,
      'invoice.payment_recorded',
      { type: 'invoice', id: invoiceId },
      { paymentId: payment.id, method: input.method, reference: input.reference },
      { amount: input.amount },
    );
    await this.deps.bookkeeping.afterPayment(orgId, invoiceId, input.reference);
    return payment;
  }

  /**
   * The same request raced ahead of this one and its amount is on the invoice: answer with its
   * payment, storing the row if the first request has not yet.
   */
  private async sameAsFirst(orgId: string, invoiceId: string, input: { amount: Cents; method: PaymentMethod; reference: string }): Promise<Payment> {
    await this.storeRow(orgId, invoiceId, { ...input, source: 'manual' }, this.deps.clock.now(orgId));
    return (await this.deps.payments.findByReference(orgId, input.reference)) as Payment;
  }

  /**
   * Money the processor already took: recorded once per payment-intent id, never refused for
   * size (an excess stays visible as paidAmount above amount). Null for an unknown invoice.
   */
  async recordProcessorPayment(orgId: string, invoiceId: string, intentId: string, amount: Cents): Promise<Invoice | null> {
    await this.record(orgId, invoiceId, { amount, method: 'card', reference: intentId, source: 'processor' }, null);
    return this.deps.invoices.findById(orgId, invoiceId);
  }

  /**
   * Adds the payment to the invoice once per reference (with its event), stores the payment row
   * (a row already there from an interrupted attempt is kept), and marks the invoice paid when covered.
   */
  private async record(orgId: string, invoiceId: string, input: PaymentInput, maxPaidBefore: Cents | null): Promise<Invoice | null> {
    const now = this.deps.clock.now(orgId);
    const origin = () => ({ id: this.deps.ids.next('evt'), orgId, at: now });
    const applied = await this.deps.invoices.applyPayment(
      orgId,
      invoiceId,
      input.reference,
      input.amount,
      [domainEvent('payment.received', { invoiceId, reference: input.reference, amount: input.amount, method: input.method }, origin())],
      maxPaidBefore === null ? undefined : { maxPaidBefore },
    );
    if (maxPaidBefore !== null && !applied) return null;
    const current = applied ?? (await this.deps.invoices.findById(orgId, invoiceId));
    if (!current) return null;
    await this.storeRow(orgId, invoiceId, input, now);
    if (isCollectible(current) && current.paidAmount >= current.amount) {
      await this.deps.invoices.markPaid(orgId, invoiceId, [
        domainEvent('invoice.paid', { invoiceId, invoiceNumber: current.invoiceNumber, policyId: current.policyId, amount: current.amount }, origin()),
      ]);
    }
    return current;
  }

  private async storeRow(orgId: string, invoiceId: string, input: PaymentInput, at: Date): Promise<void> {
    await writeUnlessDuplicate(() =>
      this.deps.payments.insert({
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
      }),
    );
  }

  /**
   * A refund: a negative payment once per reference, and a paid invoice that is no longer
   * covered goes back to open. `guarded` refuses a refund larger than what was paid (money not
   * yet moved); money the processor already returned is always recorded. Null for an unknown
   * invoice or a refused guarded refund.
   */
  async recordRefund(
    orgId: string,
    invoiceId: string,
    input: PaymentInput & { guarded?: boolean },
  ): Promise<{ invoice: Invoice; payment: Payment; recorded: boolean } | null> {
    const now = this.deps.clock.now(orgId);
    const negative = { ...input, amount: cents(-Math.abs(input.amount)) };
    const applied = await this.deps.invoices.applyPayment(
      orgId,
      invoiceId,
      input.reference,
      negative.amount,
      [],
      input.guarded ? { minPaidBefore: cents(Math.abs(input.amount)) } : undefined,
    );
    const known = applied ? null : await this.deps.payments.findByReference(orgId, input.reference);
    if (!applied && input.guarded && !known) return null;
    const current = applied ?? (await this.deps.invoices.findById(orgId, invoiceId));
    if (!current) return null;
    await this.storeRow(orgId, invoiceId, negative, now);
    const reopened = current.status === 'paid' && current.paidAmount < current.amount ? await this.deps.invoices.reopen(orgId, invoiceId) : null;
    const payment = (await this.deps.payments.findByReference(orgId, input.reference)) as Payment;
    return { invoice: reopened ?? current, payment, recorded: applied !== null };
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
    const voided = await this.deps.invoices.markVoid(orgId, invoiceId);
    if (!voided) throw new DomainError('invalid_transition', 'An invoice with payments cannot be voided.', { status: invoice.status });
    await this.deps.audit.record(actor, orgId, 'invoice.voided', { type: 'invoice', id: invoiceId }, {}, { amount: voided.amount });
    return voided;
  }
}
