import type { ProcessorPaymentEvents } from '../../../ports/billing/processor-payment-events.handler.ts';
import { commandReceiver } from '../../../ports/inbound/inbound-pipeline.use-case.ts';
import type { InboundEndpoint } from '../../../ports/inbound/inbound.ports.ts';
import { mapStripeEvent } from './stripe-event.mapper.ts';
import { StripeSignatureVerifier } from './stripe-signature.verifier.ts';

export const STRIPE_PROVIDER = 'payment-processor';

/** Where the payment processor (Stripe) delivers its events, and what they do. */
export const stripeEndpoint = (webhookSecret: string, events: ProcessorPaymentEvents): InboundEndpoint => ({
  path: '/webhooks/payment-processor',
  operationId: 'paymentProcessorWebhook',
  summary:
    'Payment processor events: payment_intent.succeeded records the payment once per intent, stores a receipt and, once the invoice is paid on a policy with a producer, the commission and its ledger posting; payment_intent.payment_failed queues a financial alert and publishes payment.failed; charge.refunded (its cumulative amount_refunded) and refund.created/refund.updated (one Refund object) bring the payment up to what the processor refunded, each amount once however the reports arrive, reopen an uncovered invoice and flag refunds over $1,000 for review; refund.failed flags a counted refund for review. A failed financial step is recorded as financial.operation_failed and answers 500.',
  signatureHeaders: [
    {
      name: 'Stripe-Signature',
      required: true,
      secret: true,
      description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, keyed with the whole `whsec_…` secret (STRIPE_WEBHOOK_SECRET).',
    },
  ],
  receiver: commandReceiver({
    provider: STRIPE_PROVIDER,
    verifier: new StripeSignatureVerifier(webhookSecret),
    mapper: mapStripeEvent,
    handler: events,
    duplicateBody: { received: true, duplicate: true },
  }),
});
