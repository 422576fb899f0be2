import { ContainerModule } from 'inversify';
import { IdentitySignatureVerifier, StandardWebhooksVerifier, StripeSignatureVerifier } from '../adapters/inbound/signature-verifiers.ts';
import { StoreManualReviewQueue } from '../adapters/persistence/billing/manual-review.store.ts';
import { StoreEmailEventQueue } from '../adapters/persistence/inbound/email-event-queue.store.ts';
import { StoreProcessedEvents, StoreReplayGuard } from '../adapters/persistence/inbound/processed-events.store.ts';
import type { SecretTools } from '../ports/identity/credential-crypto.port.ts';
import { IdentityEventsHandler } from '../ports/producers/identity-events.handler.ts';
import type { ProducerRepository } from '../ports/producers/producer.repositories.ts';
import { PaymentEventsHandler } from '../ports/billing/payment-events.handler.ts';
import type { InvoiceSettlement } from '../ports/billing/invoice-settlement.use-cases.ts';
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
      (store: DocumentStore, settlement: InvoiceSettlement, producers: ProducerRepository, clock: Clock) => [
        {
          path: '/webhooks/payment-processor',
          operationId: 'paymentProcessorWebhook',
          summary: 'Payment processor events: payment_intent.succeeded records the payment once per intent; charge.refunded records each refund once, reopens an uncovered invoice and flags refunds over $1,000 for review.',
          signatureHeaders: ['Stripe-Signature'],
          receiver: {
            provider: 'payment-processor',
            verifier: new StripeSignatureVerifier(config.secrets.stripeWebhookSecret),
            handler: new PaymentEventsHandler(settlement, new StoreManualReviewQueue(store)),
            duplicateBody: { received: true, duplicate: true },
          },
        },
        {
          path: '/webhooks/email-provider',
          operationId: 'emailProviderWebhook',
          summary: 'E-mail delivery events, queued for processing; a repeated message id answers { deduplicated: true }.',
          signatureHeaders: ['wh-id', 'wh-timestamp', 'wh-signature'],
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
          signatureHeaders: ['Identity-Signature'],
          receiver: {
            provider: 'identity-verification',
            verifier: new IdentitySignatureVerifier(config.secrets.identityWebhookSecret),
            handler: new IdentityEventsHandler(producers, clock),
            duplicateBody: { received: true, duplicate: true },
            replay: { header: 'identity-signature', windowMs: 10 * 60_000 },
          },
        },
      ],
      [TOKENS.Store, TOKENS.InvoiceSettlement, TOKENS.ProducerRepository, TOKENS.Clock],
    );
  });
