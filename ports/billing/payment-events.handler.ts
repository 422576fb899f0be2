import { cents } from '../../core/shared/money.ts';
import { valueAt, type InboundAnswer, type InboundHandler, type VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { InvoiceSettlement } from './invoice-settlement.use-cases.ts';

/** Refunds above $1,000 are flagged for a person to review. */
export const MANUAL_REVIEW_ABOVE_CENTS = 1_000_00;

export interface ManualReviewQueue {
  flag(item: { orgId: string; kind: string; reference: string; invoiceId: string; amount: number }): Promise<void>;
}


/**
 * The payment processor's events. Every effect is keyed by the payment-intent id, not the event
 * id, so a re-send under a new event id days later still counts once.
 */
export class PaymentEventsHandler implements InboundHandler {
  private readonly settlement: InvoiceSettlement;
  private readonly reviews: ManualReviewQueue;

  constructor(settlement: InvoiceSettlement, reviews: ManualReviewQueue) {
    this.settlement = settlement;
    this.reviews = reviews;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    if (delivery.type === 'charge.refunded') return this.refunded(delivery);
    if (delivery.type !== 'payment_intent.succeeded') return { status: 200, body: { received: true, ignored: delivery.type } };
    const intent = valueAt(delivery.payload, 'data', 'object');
    const metadata = valueAt(intent, 'metadata');
    const intentId = valueAt(intent, 'id');
    const invoiceId = valueAt(metadata, 'invoiceId');
    const orgId = valueAt(metadata, 'orgId');
    const amount = valueAt(intent, 'amount_received') ?? valueAt(intent, 'amount');
    if (typeof intentId !== 'string' || typeof invoiceId !== 'string' || typeof orgId !== 'string' || !Number.isSafeInteger(amount)) {
      return { status: 200, body: { received: true, ignored: 'no invoice in the payment intent metadata' } };
    }
    const invoice = await this.settlement.recordProcessorPayment(orgId, invoiceId, intentId, cents(amount as number));
    if (!invoice) return { status: 200, body: { received: true, ignored: 'unknown invoice' } };
    return { status: 200, body: { received: true } };
  }

  /** Each refund of the charge is recorded once, keyed by the refund id; refunds over $1,000 go to manual review. */
  private async refunded(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    const charge = valueAt(delivery.payload, 'data', 'object');
    const metadata = valueAt(charge, 'metadata');
    const invoiceId = valueAt(metadata, 'invoiceId');
    const orgId = valueAt(metadata, 'orgId');
    const refunds = valueAt(charge, 'refunds', 'data');
    if (typeof invoiceId !== 'string' || typeof orgId !== 'string' || !Array.isArray(refunds)) {
      return { status: 200, body: { received: true, ignored: 'no invoice in the charge metadata' } };
    }
    const flagged: string[] = [];
    for (const refund of refunds) {
      const refundId = valueAt(refund, 'id');
      const amount = valueAt(refund, 'amount');
      if (typeof refundId !== 'string' || !Number.isSafeInteger(amount)) continue;
      const result = await this.settlement.recordProcessorRefund(orgId, invoiceId, refundId, cents(amount as number));
      if (!result) return { status: 200, body: { received: true, ignored: 'unknown invoice' } };
      if ((amount as number) > MANUAL_REVIEW_ABOVE_CENTS) {
        flagged.push(refundId);
        if (result.recorded) await this.reviews.flag({ orgId, kind: 'refund', reference: refundId, invoiceId, amount: (amount as number) / 100 });
      }
    }
    return { status: 200, body: { received: true, ...(flagged.length > 0 ? { manualReview: flagged } : {}) } };
  }
}
