import { refundStepReference, type Payment } from '../../core/billing/payment.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import type { CommandHandler, InboundAnswer } from '../inbound/inbound.ports.ts';
import type { CardPayments } from './card-payments.use-case.ts';
import type { ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { PaymentRepository } from './invoice.repository.ts';
import type { InvoicePayments } from './invoice-payments.use-case.ts';
import type { PaymentBookkeeping } from './payment-bookkeeping.use-case.ts';
import type { ProcessorRefunds, RefundReport } from './processor-refunds.use-case.ts';

/** A refund names the payment it gives back from by the processor's intent id; `ours` when the intent carries our metadata. */
interface RefundOf {
  readonly intentId: string;
  readonly ours: boolean;
}

/** What a payment processor's event asks of billing, whatever the processor's own JSON looks like. */
export type ProcessorPaymentCommand =
  | { readonly kind: 'payment_succeeded'; readonly orgId: string; readonly invoiceId: string; readonly intentId: string; readonly amount: Cents }
  | {
      readonly kind: 'payment_failed';
      readonly orgId: string;
      readonly invoiceId: string;
      readonly intentId: string;
      /** What makes one failure distinct (the charge id), so a re-sent failure counts once. */
      readonly failureKey: string;
      readonly amount: Cents;
      readonly message: string;
    }
  | ({ readonly kind: 'refunds_reported'; readonly reports: readonly RefundReport[] } & RefundOf)
  | ({ readonly kind: 'refund_reversed'; readonly refundId: string; readonly amount: Cents | null; readonly status: 'failed' | 'canceled' } & RefundOf);

export interface ProcessorPaymentEventsDeps {
  readonly invoicePayments: InvoicePayments;
  readonly bookkeeping: PaymentBookkeeping;
  readonly cards: CardPayments;
  readonly payments: PaymentRepository;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
  readonly refunds: ProcessorRefunds;
}

const ignored = (why: string): InboundAnswer => ({ status: 200, body: { received: true, ignored: why } });

/**
 * The payment processor's events. Every effect is keyed by a processor id (intent, charge,
 * refund) or a reported refund level, never by the event id, so a re-send under a new event id
 * days later counts once.
 */
export class ProcessorPaymentEvents implements CommandHandler<ProcessorPaymentCommand> {
  private readonly deps: ProcessorPaymentEventsDeps;

  constructor(deps: ProcessorPaymentEventsDeps) {
    this.deps = deps;
  }

  handle(command: ProcessorPaymentCommand): Promise<InboundAnswer> {
    switch (command.kind) {
      case 'payment_succeeded':
        return this.succeeded(command);
      case 'payment_failed':
        return this.failed(command);
      case 'refunds_reported':
        return this.refunded(command);
      case 'refund_reversed':
        return this.refundReversed(command);
    }
  }

  private async succeeded({ orgId, invoiceId, intentId, amount }: Extract<ProcessorPaymentCommand, { kind: 'payment_succeeded' }>): Promise<InboundAnswer> {
    const context = { orgId, reference: intentId, invoiceId };
    const recorded = await this.deps.steps.run('payment_processing', context, () =>
      this.deps.invoicePayments.recordProcessorPayment(orgId, invoiceId, intentId, amount),
    );
    if (!recorded) return ignored('unknown invoice');
    const { invoice } = recorded;
    // Money taken beyond the invoice, or on a voided one, is kept visible and owed back: a person decides between a credit and a refund.
    if (invoice.status === 'void') await this.deps.reviews.flag({ orgId, kind: 'payment_on_void_invoice', reference: intentId, invoiceId, amount });
    else if (invoice.paidAmount > invoice.amount)
      await this.deps.reviews.flag({ orgId, kind: 'overpayment', reference: intentId, invoiceId, amount: cents(invoice.paidAmount - invoice.amount) });
    await this.deps.cards.paymentSucceeded(orgId, intentId);
    const done = await this.deps.bookkeeping.afterPayment(orgId, invoiceId, intentId);
    // The payment's own write posted its commission (a repeat posted nothing).
    const commission = recorded.posting?.commission ?? null;
    return {
      status: 200,
      body: {
        received: true,
        ...(done ? { receiptDocumentId: done.receiptDocumentId } : {}),
        ...(commission ? { commissionId: commission.id } : {}),
      },
    };
  }

  private async failed(command: Extract<ProcessorPaymentCommand, { kind: 'payment_failed' }>): Promise<InboundAnswer> {
    const { kind: _kind, ...failure } = command;
    const known = await this.deps.cards.paymentFailed(failure);
    return known ? { status: 200, body: { received: true, alerted: true } } : ignored('unknown invoice');
  }

  private async refunded(command: Extract<ProcessorPaymentCommand, { kind: 'refunds_reported' }>): Promise<InboundAnswer> {
    const found = await this.refundedPayment(command);
    if ('answer' in found) return found.answer;
    const result = await this.deps.refunds.report(found.payment, command.reports);
    if (!result) return ignored('unknown payment');
    const recorded = result.recorded.map((step) => refundStepReference(found.payment, step));
    return { status: 200, body: { received: true, refunds: recorded, ...(result.manualReview.length > 0 ? { manualReview: result.manualReview } : {}) } };
  }

  /** A refund the processor could not complete: recorded money is not taken back automatically, a person reviews it. */
  private async refundReversed(command: Extract<ProcessorPaymentCommand, { kind: 'refund_reversed' }>): Promise<InboundAnswer> {
    const found = await this.refundedPayment(command);
    if ('answer' in found) return found.answer;
    const { orgId, invoiceId } = found.payment;
    const counted =
      found.payment.processorRefundIds?.includes(command.refundId) || (await this.deps.payments.findByReference(orgId, command.refundId)) !== null;
    if (!counted) return ignored(`refund ${command.status} before it was counted`);
    await this.deps.reviews.flag({ orgId, kind: `refund_${command.status}`, reference: command.refundId, invoiceId, amount: command.amount ?? cents(0) });
    return { status: 200, body: { received: true, manualReview: [command.refundId] } };
  }

  /**
   * The card payment a refund gives back from, found by its intent (a refund made in the
   * processor's dashboard carries none of our metadata). One of ours not recorded yet (events
   * arrive in any order) fails the delivery so the processor sends it again later.
   */
  private async refundedPayment({ intentId, ours }: RefundOf): Promise<{ payment: Payment } | { answer: InboundAnswer }> {
    const payment = await this.deps.payments.findProcessorPayment(intentId);
    if (payment) return { payment };
    if (!ours) return { answer: ignored('unknown payment') };
    throw new DomainError('conflict', 'The refunded payment is not recorded yet; deliver the event again later.', { paymentIntent: intentId });
  }
}
