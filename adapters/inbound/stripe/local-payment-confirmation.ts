import { randomBytes } from 'node:crypto';
import type { InboundPipeline } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundAnswer, InboundReceiver } from '../../../ports/inbound/inbound.ports.ts';
import type { Clock } from '../../../ports/shared/clock.port.ts';
import { stripeSignatureHeader } from './stripe-signature.verifier.ts';

/** A gateway that can play the payer confirming a test card (the local gateway). */
interface TestCardPayer {
  succeed(intentId: string): Promise<{ id: string; amount: number; currency: string; latestCharge: string | null }>;
}

/**
 * Finishes a local card payment on a laptop, where no processor will ever call back: the local
 * gateway marks the intent paid as if the payer confirmed a test card, and the
 * `payment_intent.succeeded` event the processor would send is signed with the configured
 * webhook secret and handed to the same verified inbound pipeline as a real delivery.
 */
export class LocalPaymentConfirmation {
  private readonly gateway: TestCardPayer;
  private readonly pipeline: InboundPipeline;
  private readonly receiver: InboundReceiver;
  private readonly webhookSecret: string;
  private readonly clock: Clock;

  constructor(deps: { gateway: TestCardPayer; pipeline: InboundPipeline; receiver: InboundReceiver; webhookSecret: string; clock: Clock }) {
    this.gateway = deps.gateway;
    this.pipeline = deps.pipeline;
    this.receiver = deps.receiver;
    this.webhookSecret = deps.webhookSecret;
    this.clock = deps.clock;
  }

  async confirm(input: { orgId: string; invoiceId: string; intentId: string }): Promise<InboundAnswer> {
    const intent = await this.gateway.succeed(input.intentId);
    const created = Math.floor(this.clock.now().getTime() / 1000);
    const raw = JSON.stringify({
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      created,
      livemode: false,
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amount,
          amount_received: intent.amount,
          currency: intent.currency,
          status: 'succeeded',
          latest_charge: intent.latestCharge,
          metadata: { invoiceId: input.invoiceId, orgId: input.orgId },
        },
      },
    });
    const body = Buffer.from(raw);
    return this.pipeline.receive(this.receiver, body, { 'stripe-signature': stripeSignatureHeader(body, this.webhookSecret, created) });
  }
}
