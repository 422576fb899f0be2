import { createHash, randomBytes } from 'node:crypto';
import type { GatewayIntent, GatewayRefund, PaymentGateway } from '../../ports/billing/payment-gateway.port.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

interface LocalResult extends StoredDocument {
  readonly result: GatewayIntent | GatewayRefund;
}

/**
 * Stands in for the card processor when no STRIPE_SECRET_KEY is configured: intents and refunds
 * get processor-shaped ids and honour idempotency keys, but no money moves and no processor
 * events follow on their own; a local intent waits for a payment method until it is confirmed
 * locally (`succeed`, see LocalPaymentConfirmation) or a payment event is sent for it.
 */
export class LocalPaymentGateway implements PaymentGateway {
  readonly name = 'local';
  private readonly results: Collection<LocalResult>;

  constructor(store: CollectionStore) {
    this.results = store.collection<LocalResult>('local_gateway_requests');
  }

  private async once<T extends GatewayIntent | GatewayRefund>(idempotencyKey: string, make: () => T): Promise<T> {
    const _id = `key:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
    const stored = await this.results.findOneAndUpdate({ _id }, { $setOnInsert: { result: make() } }, { upsert: true, returnDocument: 'after' });
    return stored?.result as T;
  }

  async createIntent(input: Parameters<PaymentGateway['createIntent']>[0]): Promise<GatewayIntent> {
    const intent = await this.once(input.idempotencyKey, () => {
      const id = `pi_local_${randomBytes(12).toString('hex')}`;
      return {
        id,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method' as const,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      };
    });
    await this.results.updateOne({ _id: `intent:${intent.id}` }, { $setOnInsert: { result: { ...intent, clientSecret: null } } }, { upsert: true });
    return intent;
  }

  /** No card is charged here: a confirmed local intent stays processing until a payment event is sent for it. */
  async confirmIntent(intentId: string, idempotencyKey: string): Promise<GatewayIntent> {
    const known = await this.results.findOne({ _id: `intent:${intentId}` });
    if (!known) throw new Error(`No local payment intent ${intentId}.`);
    return this.once(idempotencyKey, () => ({ ...(known.result as GatewayIntent), status: 'processing' as const }));
  }

  /** The payer confirmed a test card: the intent is paid by a charge of its own (once; a second call returns the same). */
  async succeed(intentId: string): Promise<GatewayIntent & { latestCharge: string }> {
    const known = await this.results.findOne({ _id: `intent:${intentId}` });
    if (!known) throw new Error(`No local payment intent ${intentId}.`);
    const paid = await this.once(`succeed-${intentId}`, () => ({
      ...(known.result as GatewayIntent),
      status: 'succeeded' as const,
      latestCharge: `ch_local_${randomBytes(12).toString('hex')}`,
    }));
    return paid as GatewayIntent & { latestCharge: string };
  }

  refund(input: Parameters<PaymentGateway['refund']>[0]): Promise<GatewayRefund> {
    return this.once(input.idempotencyKey, () => ({ id: `re_local_${randomBytes(12).toString('hex')}`, amount: input.amount, status: 'succeeded' }));
  }
}
