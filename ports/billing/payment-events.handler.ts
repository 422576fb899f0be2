import { refundStepReference, type Payment } from '../../core/billing/payment.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import { cents, type Cents } from '../../core/shared/money.ts';
import { valueAt, type InboundAnswer, type InboundHandler, type VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { CardPayments } from './card-payments.use-cases.ts';
import { type ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { PaymentRepository } from './invoice.repository.ts';
import type { InvoiceSettlement } from './invoice-settlement.use-cases.ts';
import type { PremiumCollection } from './premium-collection.use-case.ts';
import type { ProcessorRefunds, RefundReport } from './processor-refunds.use-case.ts';

export interface PaymentEventsDeps {
  readonly settlement: InvoiceSettlement;
  readonly collection: PremiumCollection;
  readonly cards: CardPayments;
  readonly payments: PaymentRepository;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
  readonly refunds: ProcessorRefunds;
}

interface InvoiceRef {
  readonly object: unknown;
  readonly orgId: string;
  readonly invoiceId: string;
}

const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);
const ignored = (why: string): InboundAnswer => ({ status: 200, body: { received: true, ignored: why } });
const isCents = (value: unknown): value is Cents => Number.isSafeInteger(value) && (value as number) >= 0;

/** The invoice named by the metadata the service put on the intent (and the processor copies to its charges). */
const invoiceOf = (delivery: VerifiedDelivery): InvoiceRef | null => {
  const object = valueAt(delivery.payload, 'data', 'object');
  const invoiceId = valueAt(object, 'metadata', 'invoiceId');
  const orgId = valueAt(object, 'metadata', 'orgId');
  return typeof invoiceId === 'string' && typeof orgId === 'string' ? { object, orgId, invoiceId } : null;
};

/**
 * The payment processor's events. Every effect is keyed by a processor id (intent, charge,
 * refund) or a reported refund level, never by the event id, so a re-send under a new event id days later counts once.
 */
export class PaymentEventsHandler implements InboundHandler {
  private readonly deps: PaymentEventsDeps;

  constructor(deps: PaymentEventsDeps) {
    this.deps = deps;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    const object = valueAt(delivery.payload, 'data', 'object');
    // Refunds are found by their payment: a refund made in the processor's dashboard has no metadata of ours.
    if (delivery.type === 'charge.refunded') return this.chargeRefunded(object);
    if (REFUND_EVENTS.has(delivery.type)) return this.refundEvent(object);
    const handlers: Record<string, (ref: InvoiceRef) => Promise<InboundAnswer>> = {
      'payment_intent.succeeded': (ref) => this.succeeded(ref),
      'payment_intent.payment_failed': (ref) => this.failed(ref),
    };
    const handler = handlers[delivery.type];
    if (!handler) return ignored(delivery.type);
    const ref = invoiceOf(delivery);
    return ref ? handler(ref) : ignored('no invoice in the metadata');
  }

  private async succeeded({ object, orgId, invoiceId }: InvoiceRef): Promise<InboundAnswer> {
    const intentId = valueAt(object, 'id');
    const amount = valueAt(object, 'amount_received') ?? valueAt(object, 'amount');
    if (typeof intentId !== 'string' || !isCents(amount)) return ignored('no intent id or amount');
    const context = { orgId, reference: intentId, invoiceId };
    const invoice = await this.deps.steps.run('payment_processing', context, () => this.deps.settlement.recordProcessorPayment(orgId, invoiceId, intentId, cents(amount)));
    if (!invoice) return ignored('unknown invoice');
    // Money taken beyond the invoice, or on a voided one, is kept visible and owed back: a person decides between a credit and a refund.
    if (invoice.status === 'void') await this.deps.reviews.flag({ orgId, kind: 'payment_on_void_invoice', reference: intentId, invoiceId, amount: amount / 100 });
    else if (invoice.paidAmount > invoice.amount) await this.deps.reviews.flag({ orgId, kind: 'overpayment', reference: intentId, invoiceId, amount: (invoice.paidAmount - invoice.amount) / 100 });
    await this.deps.cards.paymentSucceeded(orgId, intentId);
    const done = await this.deps.collection.afterPayment(orgId, invoiceId, intentId);
    return {
      status: 200,
      body: { received: true, ...(done ? { receiptDocumentId: done.receiptDocumentId, ...(done.commission ? { commissionId: done.commission.id } : {}) } : {}) },
    };
  }

  private async failed({ object, orgId, invoiceId }: InvoiceRef): Promise<InboundAnswer> {
    const intentId = valueAt(object, 'id');
    const amount = valueAt(object, 'amount');
    if (typeof intentId !== 'string' || !isCents(amount)) return ignored('no intent id or amount');
    const charge = valueAt(object, 'last_payment_error', 'charge') ?? valueAt(object, 'latest_charge');
    const message = valueAt(object, 'last_payment_error', 'message');
    const known = await this.deps.cards.paymentFailed({
      orgId,
      invoiceId,
      intentId,
      failureKey: typeof charge === 'string' ? charge : intentId,
      amount: cents(amount),
      message: typeof message === 'string' ? message : 'The payment was declined.',
    });
    return known ? { status: 200, body: { received: true, alerted: true } } : ignored('unknown invoice');
  }

  /**
   * A charge's refunds as current processor API versions report them: the cumulative
   * `amount_refunded` (the refunds list is no longer expanded; when an endpoint expands it, each
   * listed refund is noted by id as well).
   */
  private async chargeRefunded(object: unknown): Promise<InboundAnswer> {
    const reports: RefundReport[] = [];
    const cumulative = valueAt(object, 'amount_refunded');
    if (isCents(cumulative)) reports.push({ cumulative: cents(cumulative) });
    const listed = valueAt(object, 'refunds', 'data');
    for (const refund of Array.isArray(listed) ? listed : []) {
      const report = refundById(refund);
      if (report) reports.push(report);
    }
    if (reports.length === 0) return ignored('no refunded amount on the charge');
    return this.refunded(object, reports);
  }

  /** One Refund object (`refund.created`, `refund.updated`, `refund.failed`). */
  private async refundEvent(object: unknown): Promise<InboundAnswer> {
    const status = valueAt(object, 'status');
    if (status === 'failed' || status === 'canceled') return this.refundReversed(object, String(status));
    const report = refundById(object);
    return report ? this.refunded(object, [report]) : ignored(`refund ${String(status)}`);
  }

  private async refunded(object: unknown, reports: readonly RefundReport[]): Promise<InboundAnswer> {
    const found = await this.refundedPayment(object);
    if ('answer' in found) return found.answer;
    const result = await this.deps.refunds.report(found.payment, reports);
    if (!result) return ignored('unknown payment');
    const recorded = result.recorded.map((step) => refundStepReference(found.payment, step));
    return { status: 200, body: { received: true, refunds: recorded, ...(result.manualReview.length > 0 ? { manualReview: result.manualReview } : {}) } };
  }

  /** A refund the processor could not complete: recorded money is not taken back automatically, a person reviews it. */
  private async refundReversed(object: unknown, status: string): Promise<InboundAnswer> {
    const found = await this.refundedPayment(object);
    if ('answer' in found) return found.answer;
    const refundId = String(valueAt(object, 'id'));
    const amount = valueAt(object, 'amount');
    const { orgId, invoiceId } = found.payment;
    const counted = found.payment.processorRefundIds?.includes(refundId) || (await this.deps.payments.findByReference(orgId, refundId)) !== null;
    if (!counted) return ignored(`refund ${status} before it was counted`);
    await this.deps.reviews.flag({ orgId, kind: `refund_${status}`, reference: refundId, invoiceId, amount: isCents(amount) ? amount / 100 : 0 });
    return { status: 200, body: { received: true, manualReview: [refundId] } };
  }

  /**
   * The card payment a refund gives back from, found by its intent (a refund made in the
   * processor's dashboard carries none of our metadata). One of ours not recorded yet (events
   * arrive in any order) fails the delivery so the processor sends it again later.
   */
  private async refundedPayment(object: unknown): Promise<{ payment: Payment } | { answer: InboundAnswer }> {
    const intentId = valueAt(object, 'payment_intent');
    if (typeof intentId !== 'string') return { answer: ignored('no payment intent') };
    const payment = await this.deps.payments.findProcessorPayment(intentId);
    if (payment) return { payment };
    if (typeof valueAt(object, 'metadata', 'invoiceId') !== 'string') return { answer: ignored('unknown payment') };
    throw new DomainError('conflict', 'The refunded payment is not recorded yet; deliver the event again later.', { paymentIntent: intentId });
  }
}

/** A listed or delivered refund that gives money back (a pending one is counted by the processor too). */
const refundById = (refund: unknown): RefundReport | null => {
  const id = valueAt(refund, 'id');
  const amount = valueAt(refund, 'amount');
  const status = valueAt(refund, 'status');
  if (typeof id !== 'string' || !isCents(amount) || amount === 0) return null;
  return status === undefined || status === 'succeeded' || status === 'pending' ? { refundId: id, amount: cents(amount) } : null;
};
