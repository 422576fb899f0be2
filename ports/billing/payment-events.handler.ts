import type { DomainEvent } from '../../core/events/domain-event.ts';
import { cents } from '../../core/shared/money.ts';
import { isDomainError } from '../../core/shared/domain-error.ts';
import type { InboundAnswer, InboundHandler, VerifiedDelivery } from '../inbound/inbound.ports.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { InvoiceRepository, PaymentRepository } from './invoice.repository.ts';

export interface PaymentEventsDeps {
  readonly invoices: InvoiceRepository;
  readonly payments: PaymentRepository;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/**
 * The payment processor's events. Every effect is keyed by the payment-intent id, not the event
 * id, so a re-send under a new event id days later still counts once.
 */
export class PaymentEventsHandler implements InboundHandler {
  private readonly deps: PaymentEventsDeps;

  constructor(deps: PaymentEventsDeps) {
    this.deps = deps;
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
    const now = this.deps.clock.now();
    const paid = cents(amount as number);
    const event = (type: DomainEvent['type'], data: Record<string, unknown>): DomainEvent => ({ id: this.deps.ids.next('evt'), type, orgId, timestamp: now, data });
    const invoice = await this.deps.invoices.applyPayment(orgId, invoiceId, intentId, paid, [
      event('payment.received', { invoiceId, paymentIntentId: intentId, amount: paid / 100 }),
    ]);
    try {
      await this.deps.payments.insert({ id: this.deps.ids.next('pay'), orgId, invoiceId, amount: paid, method: 'card', reference: intentId, receivedAt: now });
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'duplicate') throw error;
    }
    const current = invoice ?? (await this.deps.invoices.findById(orgId, invoiceId));
    if (!current) return { status: 200, body: { received: true, ignored: 'unknown invoice' } };
    if (current.status === 'open' && current.paidAmount >= current.amount) {
      await this.deps.invoices.markPaid(orgId, invoiceId, [event('invoice.paid', { invoiceId, invoiceNumber: current.invoiceNumber, policyId: current.policyId, amount: current.amount / 100 })]);
    }
    return { status: 200, body: { received: true } };
  }
}
