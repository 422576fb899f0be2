import { INVOICE_LIFECYCLE, type Invoice } from '../../core/billing/invoice.ts';
import { assertTransition } from '../../core/shared/lifecycle.ts';
import { canRetry, type PaymentAttempt } from '../../core/billing/payment-attempt.ts';
import { domainEvent } from '../../core/shared/events/domain-event.ts';
import { DomainError, notFound, writeUnlessDuplicate } from '../../core/shared/domain-error.ts';
import { cents, type Cents, centsToDollars, formatDollars } from '../../core/shared/money.ts';
import type { Principal } from '../../core/shared/access/principal.ts';
import type { AuditTrail } from '../audit/audit-trail.use-case.ts';
import type { AtomicWrite } from '../shared/persistence/atomic-write.port.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { FinancialAlertQueue } from './financial-alerts.port.ts';
import type { InvoiceRepository } from './invoice.repository.ts';
import type { PaymentAttemptRepository } from './payment-attempt.repository.ts';
import { throughProcessor, type PaymentGateway } from './payment-gateway.port.ts';

export interface CardPaymentsDeps {
  readonly gateway: PaymentGateway;
  readonly invoices: InvoiceRepository;
  readonly attempts: PaymentAttemptRepository;
  readonly alerts: FinancialAlertQueue;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly audit: AuditTrail;
  readonly atomic: AtomicWrite;
}

/** Card payments through the processor: intents, retries of failed attempts and failure reports (refunds: PaymentRefunds). */
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
    const attempt: PaymentAttempt = {
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
    };
    // The intent is the processor's, made first (its idempotency key makes a repeat the same
    // intent); its record and audit entry are one write, and an intent known already is answered as kept.
    const audit = this.deps.audit.recordWrite(
      actor,
      orgId,
      'invoice.payment_intent_created',
      { type: 'invoice', id: invoiceId },
      { intentId: attempt.id, gateway: this.deps.gateway.name },
      { amount },
    );
    const fresh = await writeUnlessDuplicate(() => this.deps.atomic.commit([this.deps.attempts.insertWrite(attempt), audit]));
    return { attempt: fresh ? attempt : ((await this.deps.attempts.findById(orgId, attempt.id)) ?? attempt), clientSecret: intent.clientSecret };
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
