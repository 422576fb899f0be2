import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { AgendaJobRunner, agendaBackendFor } from '../adapters/jobs/agenda-job-runner.ts';
import { AggregateOutbox, DeliveryLogStore, EventLogStore, SubscriptionStoreRepository } from '../adapters/persistence/webhooks/webhook.stores.ts';
import { HmacWebhookSigner, HttpWebhookTransport } from '../adapters/webhooks/http-webhook-transport.ts';
import { outboxRelayJob } from '../jobs/outbox-relay.job.ts';
import { webhookDeliveryJob } from '../jobs/webhook-delivery.job.ts';
import type { DocumentStore } from '../ports/persistence/document-store.port.ts';
import type { Clock } from '../ports/shared/clock.port.ts';
import type { IdGenerator } from '../ports/shared/id-generator.port.ts';
import { TOKENS } from '../ports/tokens.ts';
import { Webhooks } from '../ports/webhooks/webhooks.use-cases.ts';
import type { AppConfig } from './config.ts';

/** Outbound webhooks and the job runner that relays and delivers them. */
export const webhooksModule = (config: AppConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind<AgendaJobRunner>(TOKENS.JobRunner).toResolvedValue((store: DocumentStore) => new AgendaJobRunner(agendaBackendFor(store), logger, { lockLifetimeMs: config.jobLockLifetimeMs }), [TOKENS.Store]);
    bind<Webhooks>(TOKENS.Webhooks).toResolvedValue(
      async (store: DocumentStore, ids: IdGenerator, clock: Clock, queue: AgendaJobRunner) => {
        const [subscriptions, deliveries, events] = await Promise.all([SubscriptionStoreRepository.create(store), DeliveryLogStore.create(store), EventLogStore.create(store)]);
        const webhooks = new Webhooks({
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
        });
        queue.register([outboxRelayJob(webhooks), webhookDeliveryJob(webhooks)]);
        return webhooks;
      },
      [TOKENS.Store, TOKENS.Ids, TOKENS.Clock, TOKENS.JobRunner],
    );
  });
