import { cents, type Cents } from '../../core/shared/money.ts';
import { valueAt, type InboundAnswer, type InboundHandler, type VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { CardPayments } from './card-payments.use-cases.ts';
import { MANUAL_REVIEW_ABOVE_CENTS, type ManualReviewQueue } from './financial-alerts.port.ts';
import type { FinancialSteps } from './financial-steps.ts';
import type { PaymentRepository } from './invoice.repository.ts';
import type { InvoiceSettlement } from './invoice-settlement.use-cases.ts';
import type { PremiumCollection } from './premium-collection.use-case.ts';

export interface PaymentEventsDeps {
  readonly settlement: InvoiceSettlement;
  readonly collection: PremiumCollection;
  readonly cards: CardPayments;
  readonly payments: PaymentRepository;
  readonly reviews: ManualReviewQueue;
  readonly steps: FinancialSteps;
}

interface InvoiceRef {
  readonly object: unknown;
  readonly orgId: string;
  readonly invoiceId: string;
}

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
 * refund), never by the event id, so a re-send under a new event id days later counts once.
 */
export class PaymentEventsHandler implements InboundHandler {
  private readonly deps: PaymentEventsDeps;

  constructor(deps: PaymentEventsDeps) {
    this.deps = deps;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    const handlers: Record<string, (ref: InvoiceRef) => Promise<InboundAnswer>> = {
      'payment_intent.succeeded': (ref) => this.succeeded(ref),
      'payment_intent.payment_failed': (ref) => this.failed(ref),
      'charge.refunded': (ref) => this.refunded(ref),
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

  /** Each refund of the charge is recorded once, keyed by the refund id; refunds over $1,000 go to manual review. */
  private async refunded({ object, orgId, invoiceId }: InvoiceRef): Promise<InboundAnswer> {
    const refunds = valueAt(object, 'refunds', 'data');
    if (!Array.isArray(refunds)) return ignored('no refunds on the charge');
    const intentId = valueAt(object, 'payment_intent');
    const flagged: string[] = [];
    for (const refund of refunds) {
      const refundId = valueAt(refund, 'id');
      const amount = valueAt(refund, 'amount');
      if (typeof refundId !== 'string' || !isCents(amount)) continue;
      const result = await this.deps.steps.run('refund_processing', { orgId, reference: refundId, invoiceId }, async () => {
        const original = typeof intentId === 'string' ? await this.deps.payments.findByReference(orgId, intentId) : null;
        return this.deps.settlement.recordRefund(orgId, invoiceId, {
          amount: cents(amount),
          method: 'card',
          reference: refundId,
          source: 'processor',
          ...(original ? { refundOf: original.id } : {}),
        });
      });
      if (!result) return ignored('unknown invoice');
      await this.deps.collection.afterRefund(orgId, invoiceId, refundId, cents(amount));
      if (amount > MANUAL_REVIEW_ABOVE_CENTS) {
        flagged.push(refundId);
        await this.deps.reviews.flag({ orgId, kind: 'refund', reference: refundId, invoiceId, amount: amount / 100 });
      }
    }
    return { status: 200, body: { received: true, ...(flagged.length > 0 ? { manualReview: flagged } : {}) } };
  }
}
