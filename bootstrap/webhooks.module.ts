import { eventRoutes } from '../adapters/http/webhooks/events.routes.ts';
import { webhookRoutes } from '../adapters/http/webhooks/webhooks.routes.ts';
import { AggregateOutbox, DeliveryLogStore, EventLogStore, SubscriptionStoreRepository } from '../adapters/persistence/webhooks/webhook.stores.ts';
import { HmacWebhookSigner, HttpWebhookTransport } from '../adapters/webhooks/http-webhook-transport.ts';
import { outboxRelayJob } from '../jobs/webhooks/outbox-relay.job.ts';
import { webhookDeliveryJob } from '../jobs/webhooks/webhook-delivery.job.ts';
import { Webhooks } from '../ports/webhooks/webhooks.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Outbound webhooks: subscriptions, the outbox relay and signed deliveries. */
export const webhooksModule = (config: AppConfig): ContextModule => ({
  name: 'webhooks',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.Webhooks, [TOKENS.Store, TOKENS.Ids, TOKENS.Clock, TOKENS.JobRunner, TOKENS.Metrics], async (store, ids, clock, queue, metrics) => {
      const [subscriptions, deliveries, events] = await Promise.all([
        SubscriptionStoreRepository.create(store),
        DeliveryLogStore.create(store),
        EventLogStore.create(store),
      ]);
      return new Webhooks({
        environment: config.environment,
        subscriptions,
        deliveries,
        log: deliveries,
        events,
        outbox: new AggregateOutbox(store),
        queue,
        transport: new HttpWebhookTransport(),
        signer: new HmacWebhookSigner(),
        ids,
        clock,
        allowPrivateAddresses: config.environment === 'local',
        metrics,
      });
    });
  }),
  routes: async (resolve) => [...webhookRoutes(await resolve(TOKENS.Webhooks)), ...eventRoutes(await resolve(TOKENS.Webhooks))],
  jobs: async (resolve) => {
    const webhooks = await resolve(TOKENS.Webhooks);
    return [outboxRelayJob(webhooks), webhookDeliveryJob(webhooks)];
  },
});
