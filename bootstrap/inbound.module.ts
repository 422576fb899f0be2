import { ContainerModule } from 'inversify';
import { ESignatureVerifier, IdentitySignatureVerifier, StandardWebhooksVerifier, StripeSignatureVerifier } from '../adapters/inbound/signature-verifiers.ts';
import { StoreEmailEventQueue } from '../adapters/persistence/inbound/email-event-queue.store.ts';
import { StoreProcessedEvents, StoreReplayGuard } from '../adapters/persistence/inbound/processed-events.store.ts';
import type { SecretTools } from '../ports/identity/credential-crypto.port.ts';
import { IdentityEventsHandler } from '../ports/producers/identity-events.handler.ts';
import type { ProducerRepository } from '../ports/producers/producer.repositories.ts';
import { PaymentEventsHandler } from '../ports/billing/payment-events.handler.ts';
import { ProcessorRefunds } from '../ports/billing/processor-refunds.use-case.ts';
import type { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-cases.ts';
import type { CardPayments } from '../ports/billing/card-payments.use-cases.ts';
import type { ManualReviewQueue } from '../ports/billing/financial-alerts.port.ts';
import type { FinancialSteps } from '../ports/billing/financial-steps.ts';
import type { PaymentRepository } from '../ports/billing/invoice.repository.ts';
import type { PremiumCollection } from '../ports/billing/premium-collection.use-case.ts';
import { ESignEventsHandler } from '../ports/esign/esign-events.handler.ts';
import type { EnvelopeRepository } from '../ports/esign/esign.ports.ts';
import { EmailEventsHandler } from '../ports/inbound/email-events.handler.ts';
import { InboundPipeline } from '../ports/inbound/inbound-pipeline.use-case.ts';
import type { DocumentStore } from '../ports/persistence/document-store.port.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import { TOKENS } from '../ports/tokens.ts';
import type { InboundEndpoint } from '../adapters/http/inbound/inbound.routes.ts';
import type { AppConfig } from './config.ts';

export const INBOUND_ENDPOINTS = Symbol.for('InboundEndpoints');

/** Provider callbacks: one pipeline, a verifier and a handler per provider. */
export const inboundModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind<InboundPipeline>(TOKENS.InboundPipeline).toResolvedValue(
      async (store: DocumentStore, secrets: SecretTools, clock: Clock) =>
        new InboundPipeline(await StoreProcessedEvents.create(store), await StoreReplayGuard.create(store), secrets, clock),
      [TOKENS.Store, TOKENS.SecretTools, TOKENS.Clock],
    );
    bind<InboundEndpoint[]>(INBOUND_ENDPOINTS).toResolvedValue(
      (
        store: DocumentStore,
        settlement: InvoiceSettlement,
        collection: PremiumCollection,
        cards: CardPayments,
        payments: PaymentRepository,
        reviews: ManualReviewQueue,
        steps: FinancialSteps,
        producers: ProducerRepository,
        envelopes: EnvelopeRepository,
        clock: Clock,
      ) => [
        {
          path: '/webhooks/payment-processor',
          operationId: 'paymentProcessorWebhook',
          summary:
            'Payment processor events: payment_intent.succeeded records the payment once per intent, stores a receipt and, once the invoice is paid on a policy with a producer, the commission and its ledger posting; payment_intent.payment_failed queues a financial alert and publishes payment.failed; charge.refunded (its cumulative amount_refunded) and refund.created/refund.updated (one Refund object) bring the payment up to what the processor refunded, each amount once however the reports arrive, reopen an uncovered invoice and flag refunds over $1,000 for review; refund.failed flags a counted refund for review. A failed financial step is recorded as financial.operation_failed and answers 500.',
          signatureHeaders: [{ name: 'Stripe-Signature', required: true, description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, keyed with the whole `whsec_…` secret (STRIPE_WEBHOOK_SECRET).' }],
          receiver: {
            provider: 'payment-processor',
            verifier: new StripeSignatureVerifier(config.secrets.stripeWebhookSecret),
            handler: new PaymentEventsHandler({ settlement, collection, cards, payments, reviews, steps, refunds: new ProcessorRefunds({ payments, settlement, collection, reviews, steps }) }),
            duplicateBody: { received: true, duplicate: true },
          },
        },
        {
          path: '/webhooks/email-provider',
          operationId: 'emailProviderWebhook',
          summary: 'E-mail delivery events, queued for processing; a repeated message id answers { deduplicated: true }.',
          signatureHeaders: [
            { name: 'wh-id', required: true, description: 'Message id: the event id and the deduplication key.' },
            { name: 'wh-timestamp', required: true, description: 'Unix seconds; more than 5 minutes away from now is refused.' },
            { name: 'wh-signature', required: true, description: 'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.rawBody">`, key = base64-decoded part after `whsec_` (EMAIL_WEBHOOK_SECRET); several space-separated values allowed.' },
          ],
          receiver: {
            provider: 'email-provider',
            verifier: new StandardWebhooksVerifier(config.secrets.emailWebhookSecret),
            handler: new EmailEventsHandler(new StoreEmailEventQueue(store), clock),
            duplicateBody: { deduplicated: true },
          },
        },
        {
          path: '/webhooks/identity-verification',
          operationId: 'identityVerificationWebhook',
          summary: 'Identity verification events: inquiry.completed activates the producer named by reference-id; other events answer 202; a replayed signature 409.',
          signatureHeaders: [{ name: 'Identity-Signature', required: true, description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (IDENTITY_WEBHOOK_SECRET); several v1 values allowed during rotation. A repeated header within 10 minutes answers 409.' }],
          receiver: {
            provider: 'identity-verification',
            verifier: new IdentitySignatureVerifier(config.secrets.identityWebhookSecret),
            handler: new IdentityEventsHandler(producers, clock),
            duplicateBody: { received: true, duplicate: true },
            replay: { windowMs: 10 * 60_000 },
          },
        },
        {
          path: '/v1/esign/webhook',
          operationId: 'esignWebhook',
          summary: 'E-signature document events: the envelope found by data.documentId (or data.envelopeId) takes the normalized status; completion sets completedAt. A final status never changes.',
          signatureHeaders: ['x-webhook-signature', 'x-provider-a-signature', 'x-provider-b-signature-1'].map((name) => ({
            name,
            required: false,
            description: 'The first present of x-webhook-signature, x-provider-a-signature, x-provider-b-signature-1 is used: hex HMAC-SHA256 of the raw body (ESIGN_WEBHOOK_SECRET), optionally prefixed `sha256=`.',
          })),
          receiver: {
            provider: 'esign',
            verifier: new ESignatureVerifier(config.secrets.esignWebhookSecret),
            handler: new ESignEventsHandler(envelopes, clock),
            duplicateBody: { received: true, duplicate: true },
          },
        },
      ],
      [
        TOKENS.Store,
        TOKENS.InvoiceSettlement,
        TOKENS.PremiumCollection,
        TOKENS.CardPayments,
        TOKENS.PaymentRepository,
        TOKENS.ManualReviews,
        TOKENS.FinancialSteps,
        TOKENS.ProducerRepository,
        TOKENS.EnvelopeRepository,
        TOKENS.Clock,
      ],
    );
  });
