import { inboundRoutes } from '../adapters/http/inbound/inbound.routes.ts';
import { emailEndpoint } from '../adapters/inbound/email/email.endpoint.ts';
import { esignEndpoint } from '../adapters/inbound/esign/esign.endpoint.ts';
import { identityEndpoint } from '../adapters/inbound/identity/identity.endpoint.ts';
import { LocalPaymentConfirmation } from '../adapters/inbound/stripe/local-payment-confirmation.ts';
import { STRIPE_PROVIDER, stripeEndpoint } from '../adapters/inbound/stripe/stripe.endpoint.ts';
import { LocalPaymentGateway } from '../adapters/payments/local-payment-gateway.ts';
import { StoreEmailEventQueue } from '../adapters/persistence/inbound/email-event-queue.store.ts';
import { StoreProcessedEvents, StoreReplayGuard } from '../adapters/persistence/inbound/processed-events.store.ts';
import { ProcessorPaymentEvents } from '../ports/billing/processor-payment-events.handler.ts';
import { ProcessorRefunds } from '../ports/billing/processor-refunds.use-case.ts';
import { ESignEventsHandler } from '../ports/esign/esign-events.handler.ts';
import { EmailEventsHandler } from '../ports/inbound/email-events.handler.ts';
import { InboundPipeline } from '../ports/inbound/inbound-pipeline.use-case.ts';
import { IdentityEventsHandler } from '../ports/producers/identity-events.handler.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/**
 * Provider callbacks: one verified pipeline; per provider (`adapters/inbound/<provider>/`) its
 * endpoint declaration around the use case its typed commands drive.
 */
export const inboundModule = (config: AppConfig): ContextModule => ({
  name: 'inbound',
  bindings: bindings((wire) => {
    wire.factory(
      TOKENS.InboundPipeline,
      [TOKENS.Store, TOKENS.SecretTools, TOKENS.Clock],
      async (store, secrets, clock) => new InboundPipeline(await StoreProcessedEvents.create(store), await StoreReplayGuard.create(store), secrets, clock),
    );
    wire.factory(
      TOKENS.ProcessorPaymentEvents,
      [TOKENS.InvoiceSettlement, TOKENS.PremiumCollection, TOKENS.CardPayments, TOKENS.PaymentRepository, TOKENS.ManualReviews, TOKENS.FinancialSteps],
      (settlement, collection, cards, payments, reviews, steps) =>
        new ProcessorPaymentEvents({
          settlement,
          collection,
          cards,
          payments,
          reviews,
          steps,
          refunds: new ProcessorRefunds({ payments, settlement, collection, reviews, steps }),
        }),
    );
    wire.factory(
      TOKENS.InboundEndpoints,
      [TOKENS.Store, TOKENS.ProcessorPaymentEvents, TOKENS.ProducerRepository, TOKENS.RecordRelationships, TOKENS.EnvelopeRepository, TOKENS.Clock],
      (store, paymentEvents, producers, relationships, envelopes, clock) => [
        stripeEndpoint(config.secrets.stripeWebhookSecret, paymentEvents),
        emailEndpoint(config.secrets.emailWebhookSecret, new EmailEventsHandler(new StoreEmailEventQueue(store), clock)),
        identityEndpoint(config.secrets.identityWebhookSecret, new IdentityEventsHandler(producers, relationships, clock)),
        esignEndpoint(config.secrets.esignWebhookSecret, new ESignEventsHandler(envelopes, clock)),
      ],
    );
    // In `local` with the local gateway, a card payment can be completed without a processor calling back.
    wire.factory(
      TOKENS.LocalPaymentConfirmer,
      [TOKENS.PaymentGateway, TOKENS.InboundPipeline, TOKENS.InboundEndpoints, TOKENS.Clock],
      (gateway, pipeline, endpoints, clock) => {
        const endpoint = endpoints.find((candidate) => candidate.receiver.provider === STRIPE_PROVIDER);
        if (config.environment !== 'local' || !(gateway instanceof LocalPaymentGateway) || !endpoint) return null;
        const confirmation = new LocalPaymentConfirmation({
          gateway,
          pipeline,
          receiver: endpoint.receiver,
          webhookSecret: config.secrets.stripeWebhookSecret,
          clock,
        });
        return (input) => confirmation.confirm(input);
      },
    );
  }),
  routes: async (resolve) => inboundRoutes(await resolve(TOKENS.InboundPipeline), await resolve(TOKENS.InboundEndpoints)),
});
