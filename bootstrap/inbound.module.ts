import { inboundRoutes } from '../adapters/http/inbound/inbound.routes.ts';
import { emailEndpoint } from '../adapters/inbound/email/email.endpoint.ts';
import { LocalPaymentConfirmation } from '../adapters/inbound/stripe/local-payment-confirmation.ts';
import { STRIPE_PROVIDER } from '../adapters/inbound/stripe/stripe.endpoint.ts';
import { LocalPaymentGateway } from '../adapters/payments/local-payment-gateway.ts';
import { StoreEmailEventQueue } from '../adapters/persistence/inbound/email-event-queue.store.ts';
import { StoreProcessedEvents, StoreReplayGuard } from '../adapters/persistence/inbound/processed-events.store.ts';
import { EmailEventsHandler } from '../ports/inbound/email-events.handler.ts';
import { InboundPipeline } from '../ports/inbound/inbound-pipeline.use-case.ts';
import { BILLING } from './billing.tokens.ts';
import type { AppConfig } from './config.ts';
import { INBOUND } from './inbound.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { RATE_LIMIT } from './rate-limit.tokens.ts';
import { allOf, bindings, type ContextModule } from './wiring.ts';

/**
 * Provider callbacks: one verified pipeline, and the endpoints that the contexts contribute
 * (`adapters/inbound/<provider>/`), each around the use case its typed commands drive.
 */
export const inboundModule = (config: AppConfig): ContextModule => ({
  name: 'inbound',
  bindings: bindings((wire) => {
    wire.factory(
      INBOUND.InboundPipeline,
      { store: PLATFORM.Store, secrets: PLATFORM.SecretTools, clock: PLATFORM.Clock, windows: RATE_LIMIT.RateWindows },
      async ({ store, secrets, clock, windows }) =>
        new InboundPipeline(await StoreProcessedEvents.create(store), await StoreReplayGuard.create(store), secrets, clock, windows),
    );
    wire.contribute(INBOUND.Endpoint, { store: PLATFORM.Store, clock: PLATFORM.Clock }, ({ store, clock }) =>
      emailEndpoint(config.secrets.emailWebhookSecret, new EmailEventsHandler(new StoreEmailEventQueue(store), clock)),
    );
    wire.factory(INBOUND.Endpoints, { endpoints: allOf(INBOUND.Endpoint) }, ({ endpoints }) => endpoints);
    // In `local` with the local gateway, a card payment can be completed without a processor calling back.
    wire.factory(
      INBOUND.LocalPaymentConfirmer,
      { gateway: BILLING.PaymentGateway, pipeline: INBOUND.InboundPipeline, endpoints: INBOUND.Endpoints, clock: PLATFORM.Clock },
      ({ gateway, pipeline, endpoints, clock }) => {
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
  routes: async (resolve) => inboundRoutes(await resolve(INBOUND.InboundPipeline), await resolve(INBOUND.Endpoints)),
});
