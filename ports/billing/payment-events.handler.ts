import { cents } from '../../core/shared/money.ts';
import type { InboundAnswer, InboundHandler, VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { InvoiceSettlement } from './invoice-settlement.use-cases.ts';


const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/**
 * The payment processor's events. Every effect is keyed by the payment-intent id, not the event
 * id, so a re-send under a new event id days later still counts once.
 */
export class PaymentEventsHandler implements InboundHandler {
  private readonly settlement: InvoiceSettlement;

  constructor(settlement: InvoiceSettlement) {
    this.settlement = settlement;
  }

  async handle(delivery: VerifiedDelivery): Promise<InboundAnswer> {
    if (delivery.type !== 'payment_intent.succeeded') return { status: 200, body: { received: true, ignored: delivery.type } };
    const intent = field(field(delivery.payload, 'data'), 'object');
    const metadata = field(intent, 'metadata');
    const intentId = field(intent, 'id');
    const invoiceId = field(metadata, 'invoiceId');
    const orgId = field(metadata, 'orgId');
    const amount = field(intent, 'amount_received') ?? field(intent, 'amount');
    if (typeof intentId !== 'string' || typeof invoiceId !== 'string' || typeof orgId !== 'string' || !Number.isSafeInteger(amount)) {
      return { status: 200, body: { received: true, ignored: 'no invoice in the payment intent metadata' } };
    }
    const invoice = await this.settlement.recordProcessorPayment(orgId, invoiceId, intentId, cents(amount as number));
    if (!invoice) return { status: 200, body: { received: true, ignored: 'unknown invoice' } };
    return { status: 200, body: { received: true } };
  }
}
