import type { Invoice } from '../../core/billing/invoice.ts';
import { cashHeld } from '../../core/billing/credit.ts';
import { assertRefundable, assertWithinCashHeld, isProcessorPayment, refundSourceFor, type Payment } from '../../core/billing/payment.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import type { CreditSettlement } from './credit-settlement.use-case.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { InvoicePayments } from './invoice-payments.use-case.ts';
import { afterRow, policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import { throughProcessor, type PaymentGateway } from './payment-gateway.port.ts';
import type { PremiumBooks } from './premium-books.use-case.ts';

export interface PaymentRefundsDeps {
  readonly gateway: PaymentGateway;
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly invoicePayments: InvoicePayments;
  /** Applies what is owed back to the insured to what a refund reopened. */
  readonly credits: CreditSettlement;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  /** The policy's books, moved in the same write as a refund recorded here. */
  readonly books: PremiumBooks;
  readonly atomic: AtomicWrite;
}

/**
 * Refunds of payments asked through the API: through the processor for a card payment it took,
 * recorded directly otherwise; each bounded by what the payment has left and by the cash the
 * policy holds after every refund and payout (CONTRACT 18.20).
 */
export class PaymentRefunds {
  private readonly deps: PaymentRefundsDeps;

  constructor(deps: PaymentRefundsDeps) {
    this.deps = deps;
  }

  /**
   * Gives money back from a payment (the newest one with enough left when none is named): through
   * the processor for a card payment it took, recorded directly otherwise. A repeated reference
   * returns the first refund.
   */
  async refund(
    actor: Principal,
    orgId: string,
    invoiceId: string,
    input: { amount: Cents; paymentId?: string; reference?: string },
  ): Promise<{ invoice: Invoice; payment: Payment }> {
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    const all = await this.deps.payments.forInvoice(orgId, invoiceId);
    const repeated = input.reference ? all.find((payment) => payment.amount < 0 && payment.requestKey === input.reference) : undefined;
    if (repeated) return { invoice, payment: repeated };
    assertRefundable(invoice);
    const source = refundSourceFor(all, input);
    const requestKey = input.reference ?? this.deps.ids.next('rfd');
    // A recorded refund checks its bounds from the reads of its own write.
    if (!isProcessorPayment(source)) return this.refundRecorded(actor, orgId, invoiceId, input, requestKey);
    const { payments: policyMoney } = await policyPayments(this.deps, orgId, invoice.policyId);
    assertWithinCashHeld(input.amount, cashHeld(policyMoney));
    const reference = await this.refundThroughProcessor(orgId, invoiceId, source, requestKey, input);
    const recorded = await this.deps.invoicePayments.recordRefund(orgId, invoiceId, {
      amount: input.amount,
      method: source.method,
      reference,
      source: 'processor',
      refundOf: source.id,
      ...(input.reference ? { requestKey: input.reference } : {}),
    });
    if (!recorded) {
      // A write-off that won the race refuses the refund as it would have before.
      const now = await this.deps.invoices.findById(orgId, invoiceId);
      if (now) assertRefundable(now);
      throw new DomainError('refund_exceeds_payments', 'The refund is larger than what the invoice has received.', {});
    }
    // Its posting was part of its write.
    await this.followRefund(actor, orgId, invoiceId, input.amount, { ...recorded, refundOf: source.id, reference });
    return { invoice: recorded.invoice, payment: recorded.payment };
  }

  /**
   * A refund of money taken by other means (check, transfer), recorded as one atomic write: the
   * refund row, the invoice's paid amount (a paid invoice no longer covered reopens) and the
   * policy's posting. The bound (what the payment has left, and the cash the policy holds after
   * every refund and payout) is checked from the same reads as the posting's number, so of two
   * money movements on one policy racing, one write is kept and the other starts again from its
   * reads and meets the bound as the first left it.
   */
  private async refundRecorded(
    actor: Principal,
    orgId: string,
    invoiceId: string,
    input: { amount: Cents; paymentId?: string; reference?: string },
    requestKey: string,
  ): Promise<{ invoice: Invoice; payment: Payment }> {
    const reference = `refund:${requestKey}`;
    const paymentId = this.deps.ids.next('pay');
    const recorded = await retryFromReads(async () => {
      // The same request, repeated while this one ran, recorded it first.
      const known = await this.deps.payments.findByReference(orgId, reference);
      if (known) return { payment: known, refundOf: known.refundOf ?? null, recorded: false };
      const invoice = await this.deps.invoices.findById(orgId, invoiceId);
      if (!invoice) throw notFound('Invoice');
      assertRefundable(invoice);
      const { payments: policyMoney } = await policyPayments(this.deps, orgId, invoice.policyId);
      const source = refundSourceFor(
        policyMoney.filter((payment) => payment.invoiceId === invoiceId),
        input,
      );
      assertWithinCashHeld(input.amount, cashHeld(policyMoney));
      if (input.amount > invoice.paidAmount) throw new DomainError('refund_exceeds_payments', 'The refund is larger than what the invoice has received.', {});
      const row: Payment = {
        id: paymentId,
        orgId,
        invoiceId,
        amount: cents(-input.amount),
        method: source.method,
        reference,
        source: 'manual',
        refundOf: source.id,
        ...(input.reference ? { requestKey: input.reference } : {}),
        receivedAt: this.deps.clock.now(orgId),
      };
      const cause = { invoiceId, reference, description: `Refund ${reference} on invoice ${invoice.invoiceNumber}` };
      const audit = this.deps.audit.recordWrite(
        actor,
        orgId,
        'invoice.refunded',
        { type: 'invoice', id: invoiceId },
        { paymentId: row.id, refundOf: source.id, reference },
        { amount: input.amount },
      );
      await this.deps.atomic.commit([
        audit,
        this.deps.invoices.moneyWrite(invoice, reference, cents(-input.amount), []),
        ...this.deps.payments.insertWrites(row, afterRow(invoice, row.amount)),
        ...(await this.deps.books.changeWritesOf(orgId, invoice.policyId, cause, { payments: [row] })).writes,
      ]);
      return { payment: row, refundOf: source.id, recorded: true };
    });
    // Its audit entry was part of its write.
    await this.followRefund(actor, orgId, invoiceId, input.amount, { ...recorded, reference, audited: true });
    return { invoice: (await this.deps.invoices.findById(orgId, invoiceId)) as Invoice, payment: recorded.payment };
  }

  /**
   * What follows a refund once it is kept, the first time only: a review above $1,000 and, for a
   * refund through the processor, the audit entry (a recorded refund wrote it with itself). A refund reopens the invoice, and money still owed back to the insured goes to it
   * first; the refund is kept whatever happens there (a credit left open, because another request
   * applied it meanwhile, is applied by the next change of the policy).
   */
  private async followRefund(
    actor: Principal,
    orgId: string,
    invoiceId: string,
    amount: Cents,
    refund: { payment: Payment; refundOf: string | null; reference: string; recorded: boolean; audited?: boolean },
  ): Promise<void> {
    const { reference } = refund;
    if (refund.recorded && amount > MANUAL_REVIEW_ABOVE_CENTS) await this.deps.reviews.flag({ orgId, kind: 'refund', reference, invoiceId, amount });
    await this.deps.credits.applyOpenCreditsOn(actor, orgId, invoiceId).catch(() => undefined);
    if (!refund.recorded || refund.audited) return;
    const details = { paymentId: refund.payment.id, refundOf: refund.refundOf, reference };
    await this.deps.audit.record(actor, orgId, 'invoice.refunded', { type: 'invoice', id: invoiceId }, details, { amount });
  }

  /**
   * Holds the amount on the payment first (a guarded write), so that racing refunds cannot
   * together give back more than the card paid; a refusal by the processor gives the hold back.
   */
  private async refundThroughProcessor(
    orgId: string,
    invoiceId: string,
    source: Payment,
    requestKey: string,
    input: { amount: Cents; reference?: string },
  ): Promise<string> {
    if (!(await this.deps.payments.holdRefund(orgId, source.id, requestKey, input.amount, source.amount))) {
      if (await this.deps.payments.holdsRefund(orgId, source.id, requestKey)) {
        throw new DomainError('conflict', 'A refund with this reference is being processed; repeat the request for its result.', {});
      }
      throw new DomainError('refund_exceeds_payments', 'Other refunds of this payment leave less than this amount to refund.', {});
    }
    try {
      const refund = await this.deps.steps.run('refund_processing', { orgId, reference: source.reference, invoiceId }, () =>
        throughProcessor(() =>
          this.deps.gateway.refund({ intentId: source.reference, amount: input.amount, invoiceId, orgId, idempotencyKey: `refund-${source.id}-${requestKey}` }),
        ),
      );
      return refund.id;
    } catch (error) {
      await this.deps.payments.releaseRefundHold(orgId, source.id, requestKey, input.amount);
      throw error;
    }
  }
}
