import Stripe from 'stripe';
import type { PaymentAttemptStatus } from '../../core/billing/payment-attempt.ts';
import { cents } from '../../core/shared/money.ts';
import type { GatewayIntent, GatewayRefund, PaymentGateway } from '../../ports/billing/payment-gateway.port.ts';

const KNOWN: readonly string[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'];

/** A declined attempt comes back waiting for a new payment method, with the error attached. */
const statusOf = (intent: Stripe.PaymentIntent): PaymentAttemptStatus => {
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return KNOWN.includes(intent.status) ? (intent.status as PaymentAttemptStatus) : 'processing';
};

const view = (intent: Stripe.PaymentIntent): GatewayIntent => ({
  id: intent.id,
  amount: cents(intent.amount),
  currency: intent.currency,
  status: statusOf(intent),
  clientSecret: intent.client_secret,
  ...(intent.last_payment_error?.message ? { failureMessage: intent.last_payment_error.message } : {}),
});

/** Where the SDK sends requests: Stripe itself, or another base such as a test double on loopback. */
const endpoint = (apiBase: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> => {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
};

/**
 * The card processor through the official SDK. Amounts are cents; the intent carries the invoice
 * and organization in its metadata, which the processor's events bring back.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(secretKey: string, apiBase: string | null) {
    // Safe to retry: every call carries an idempotency key.
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...endpoint(apiBase) });
  }

  async createIntent(input: Parameters<PaymentGateway['createIntent']>[0]): Promise<GatewayIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        metadata: { invoiceId: input.invoiceId, orgId: input.orgId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return view(intent);
  }

  async confirmIntent(intentId: string, idempotencyKey: string): Promise<GatewayIntent> {
    try {
      return view(await this.stripe.paymentIntents.confirm(intentId, {}, { idempotencyKey }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent)
        return { ...view(error.payment_intent), status: 'failed', failureMessage: error.message };
      throw error;
    }
  }

  async refund(input: Parameters<PaymentGateway['refund']>[0]): Promise<GatewayRefund> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.intentId, amount: input.amount, metadata: { invoiceId: input.invoiceId, orgId: input.orgId } },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: refund.id, amount: cents(refund.amount), status: refund.status ?? 'pending' };
  }
}
