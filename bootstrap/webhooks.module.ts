import { eventRoutes } from '../adapters/http/webhooks/events.routes.ts';
import { webhookRoutes } from '../adapters/http/webhooks/webhooks.routes.ts';
import { AggregateOutbox, DeliveryLogStore, EventLogStore, SubscriptionStoreRepository } from '../adapters/persistence/webhooks/webhook.stores.ts';
import { HmacWebhookSigner, HttpWebhookTransport } from '../adapters/webhooks/http-webhook-transport.ts';
import { outboxRelayJob } from '../jobs/webhooks/outbox-relay.job.ts';
import { webhookDeliveryJob } from '../jobs/webhooks/webhook-delivery.job.ts';
import { dailyWork } from '../ports/shared/daily-work.port.ts';
import { Webhooks } from '../ports/webhooks/webhooks.use-case.ts';
import type { AppConfig } from './config.ts';
import { PLATFORM } from './platform.tokens.ts';
import { WEBHOOKS } from './webhooks.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Outbound webhooks: subscriptions, the event log, the outbox relay and signed deliveries. */
export const webhooksModule = (config: AppConfig): ContextModule => ({
  name: 'webhooks',
  bindings: bindings((wire) => {
    wire.factory(
      WEBHOOKS.Webhooks,
      { store: PLATFORM.Store, ids: PLATFORM.Ids, clock: PLATFORM.Clock, queue: PLATFORM.JobRunner, metrics: PLATFORM.Metrics },
      async ({ store, ...deps }) => {
        const [subscriptions, deliveries, events] = await Promise.all([
          SubscriptionStoreRepository.create(store),
          DeliveryLogStore.create(store),
          EventLogStore.create(store),
        ]);
        return new Webhooks({
          ...deps,
          environment: config.environment,
          subscriptions,
          deliveries,
          log: deliveries,
          events,
          outbox: new AggregateOutbox(store),
          transport: new HttpWebhookTransport(),
          signer: new HmacWebhookSigner(),
          allowPrivateAddresses: config.environment === 'local',
        });
      },
    );
    // A test clock's day ends by publishing the events it made, so their deliveries are queued
    // before the advance answers (the relay job does the same every second for everyone).
    wire.contribute(PLATFORM.DailyWork, { webhooks: WEBHOOKS.Webhooks }, ({ webhooks }) => dailyWork('webhook-events', (orgId) => webhooks.relayAll(orgId)));
  }),
  routes: async (resolve) => [...webhookRoutes(await resolve(WEBHOOKS.Webhooks)), ...eventRoutes(await resolve(WEBHOOKS.Webhooks))],
  jobs: async (resolve) => {
    const webhooks = await resolve(WEBHOOKS.Webhooks);
    return [outboxRelayJob(webhooks), webhookDeliveryJob(webhooks)];
  },
});
