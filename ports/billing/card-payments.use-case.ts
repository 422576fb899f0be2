import { INVOICE_LIFECYCLE, type Invoice } from '../../core/billing/invoice.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { canRetry, type PaymentAttempt } from '../../core/billing/payment-attempt.ts';
import { assertRefundable, assertWithinCashHeld, isProcessorPayment, refundSourceFor, type Payment } from '../../core/billing/payment.ts';
import { cashHeld } from '../../core/billing/credit.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import { retryFromReads } from '../shared/retry-from-reads.ts';
import type { PremiumBooks } from './premium-books.use-case.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { DomainError, notFound } from '../../core/shared/domain-error.ts';
import { cents, type Cents, centsToDollars, formatDollars } from '../../core/shared/money.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type FinancialAlertQueue, type ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import { policyPayments, type InvoiceRepository, type PaymentRepository } from './invoice.repository.ts';
import type { InvoicePayments } from './invoice-payments.use-case.ts';
import type { PaymentAttemptRepository } from './payment-attempt.repository.ts';
import type { CreditSettlement } from './credit-settlement.use-case.ts';
import type { PaymentBookkeeping } from './payment-bookkeeping.use-case.ts';
import { throughProcessor, type PaymentGateway } from './payment-gateway.port.ts';

export interface CardPaymentsDeps {
  readonly gateway: PaymentGateway;
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly attempts: PaymentAttemptRepository;
  readonly invoicePayments: InvoicePayments;
  readonly bookkeeping: PaymentBookkeeping;
  /** Applies what is owed back to the insured to what a refund reopened. */
  readonly credits: CreditSettlement;
  readonly alerts: FinancialAlertQueue;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  /** The policy's books, moved in the same write as a refund recorded here. */
  readonly books: PremiumBooks;
  readonly atomic: AtomicWrite;
}

/** Card payments through the processor: intents, retries of failed attempts, refunds and failure reports. */
export class CardPayments {
  private readonly deps: CardPaymentsDeps;

  constructor(deps: CardPaymentsDeps) {
    this.deps = deps;
  }

  private async openInvoice(orgId: string, invoiceId: string): Promise<Invoice> {
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    assertTransition(INVOICE_LIFECYCLE, 'take_payment', invoice.status);
    return invoice;
  }

  /**
   * One intent per attempt: a retry of the same attempt (its `attemptId`, or the request's
   * Idempotency-Key) reaches the processor with the same idempotency key and gets the same intent
   * back; a new attempt is a new intent, so two payments of the same amount are two payments.
   */
  async createIntent(
    actor: Principal,
    orgId: string,
    invoiceId: string,
    requested: Cents | null,
    attemptId: string | null = null,
  ): Promise<{ attempt: PaymentAttempt; clientSecret: string | null }> {
    const invoice = await this.openInvoice(orgId, invoiceId);
    const outstanding = cents(invoice.amount - invoice.paidAmount);
    if (outstanding <= 0) throw new DomainError('invalid_transition', 'Nothing is outstanding on this invoice.', { status: invoice.status });
    const amount = requested ?? outstanding;
    if (amount > outstanding)
      throw new DomainError('amount_exceeds_balance', `The invoice has ${formatDollars(outstanding)} outstanding.`, {
        outstanding: centsToDollars(outstanding),
      });
    const intent = await throughProcessor(() =>
      this.deps.gateway.createIntent({
        amount,
        currency: 'usd',
        invoiceId,
        orgId,
        description: `Invoice ${invoice.invoiceNumber}`,
        idempotencyKey: `intent-${invoiceId}-${attemptId ?? this.deps.ids.next('attempt')}`,
      }),
    );
    const now = this.deps.clock.now(orgId);
    const attempt = await this.deps.attempts.insertUnlessKnown({
      id: intent.id,
      orgId,
      invoiceId,
      amount: intent.amount,
      status: intent.status,
      failureMessage: intent.failureMessage ?? null,
      failureKeys: [],
      retries: 0,
      createdAt: now,
      updatedAt: now,
    });
    await this.deps.audit.record(
      actor,
      orgId,
      'invoice.payment_intent_created',
      { type: 'invoice', id: invoiceId },
      { intentId: attempt.id, gateway: this.deps.gateway.name },
      { amount },
    );
    return { attempt, clientSecret: intent.clientSecret };
  }

  async attempt(orgId: string, intentId: string): Promise<PaymentAttempt> {
    const attempt = await this.deps.attempts.findById(orgId, intentId);
    if (!attempt) throw notFound('Payment intent');
    return attempt;
  }

  /** The processor reports the intent paid: its attempt shows it (the payment itself is recorded by the settlement). */
  async paymentSucceeded(orgId: string, intentId: string): Promise<void> {
    await this.deps.attempts.setStatus(orgId, intentId, 'succeeded', this.deps.clock.now(orgId));
  }

  /** Confirms the newest failed attempt again with its payment method; the outcome arrives as processor events. */
  async retry(actor: Principal, orgId: string, invoiceId: string): Promise<PaymentAttempt> {
    await this.openInvoice(orgId, invoiceId);
    const failed = await this.deps.attempts.latestForInvoice(orgId, invoiceId, ['failed']);
    if (!failed || !canRetry(failed)) throw new DomainError('invalid_transition', 'The invoice has no failed card payment to retry.', {});
    const intent = await throughProcessor(() => this.deps.gateway.confirmIntent(failed.id, `retry-${failed.id}-${failed.retries + 1}`));
    const moved = await this.deps.attempts.setStatus(orgId, failed.id, intent.status, this.deps.clock.now(orgId), { retry: true });
    await this.deps.audit.record(actor, orgId, 'invoice.payment_retried', { type: 'invoice', id: invoiceId }, { intentId: failed.id, status: intent.status });
    return moved ?? failed;
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
    const { payments: policyMoney } = await policyPayments(this.deps, orgId, invoice.policyId);
    assertWithinCashHeld(input.amount, cashHeld(policyMoney));
    const requestKey = input.reference ?? this.deps.ids.next('rfd');
    if (!isProcessorPayment(source)) return this.refundRecorded(actor, orgId, invoiceId, input, requestKey);
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
    await this.deps.bookkeeping.afterRefund(orgId, invoiceId, reference);
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
      await this.deps.atomic.commit([
        this.deps.invoices.refundWrite(invoice, reference, input.amount),
        this.deps.payments.insertWrite(row),
        ...(await this.deps.books.changeWritesOf(orgId, invoice.policyId, cause, [row])),
      ]);
      return { payment: row, refundOf: source.id, recorded: true };
    });
    await this.followRefund(actor, orgId, invoiceId, input.amount, { ...recorded, reference });
    return { invoice: (await this.deps.invoices.findById(orgId, invoiceId)) as Invoice, payment: recorded.payment };
  }

  /**
   * What follows a refund once it is kept, the first time only: a review above $1,000 and the
   * audit entry. A refund reopens the invoice, and money still owed back to the insured goes to it
   * first; the refund is kept whatever happens there (a credit left open, because another request
   * applied it meanwhile, is applied by the next change of the policy).
   */
  private async followRefund(
    actor: Principal,
    orgId: string,
    invoiceId: string,
    amount: Cents,
    refund: { payment: Payment; refundOf: string | null; reference: string; recorded: boolean },
  ): Promise<void> {
    const { reference } = refund;
    if (refund.recorded && amount > MANUAL_REVIEW_ABOVE_CENTS) await this.deps.reviews.flag({ orgId, kind: 'refund', reference, invoiceId, amount });
    await this.deps.credits.applyOpenCreditsOn(actor, orgId, invoiceId).catch(() => undefined);
    if (!refund.recorded) return;
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

  /**
   * The processor reports a failed attempt: an alert for the finance team, `payment.failed` to
   * subscribers and the attempt marked failed, each once per failure however often it is re-sent.
   */
  async paymentFailed(input: { orgId: string; invoiceId: string; intentId: string; failureKey: string; amount: Cents; message: string }): Promise<boolean> {
    const { orgId, invoiceId, intentId, failureKey } = input;
    const invoice = await this.deps.invoices.findById(orgId, invoiceId);
    if (!invoice) return false;
    const now = this.deps.clock.now(orgId);
    await this.deps.alerts.queue({
      orgId,
      kind: 'payment_failed',
      key: `${intentId}:${failureKey}`,
      invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      reference: intentId,
      amount: input.amount,
      message: input.message,
      createdAt: now,
    });
    const event = domainEvent(
      'payment.failed',
      { invoiceId, invoiceNumber: invoice.invoiceNumber, policyId: invoice.policyId, reference: intentId, amount: input.amount, reason: input.message },
      { id: this.deps.ids.next('evt'), orgId, at: now },
    );
    await this.deps.invoices.appendEventsOnce(orgId, invoiceId, `payment_failed:${intentId}:${failureKey}`, [event]);
    await this.deps.attempts.insertUnlessKnown({
      id: intentId,
      orgId,
      invoiceId,
      amount: input.amount,
      status: 'failed',
      failureMessage: input.message,
      failureKeys: [],
      retries: 0,
      createdAt: now,
      updatedAt: now,
    });
    await this.deps.attempts.markFailed(orgId, intentId, failureKey, input.message, now);
    return true;
  }
}
