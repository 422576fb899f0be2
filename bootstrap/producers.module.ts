import { producerRoutes } from '../adapters/http/producers/producers.routes.ts';
import { identityEndpoint } from '../adapters/inbound/identity/identity.endpoint.ts';
import { AppointmentStoreRepository, ProducerStoreRepository } from '../adapters/persistence/producers/producer.store-repositories.ts';
import { IdentityEventsHandler } from '../ports/producers/identity-events.handler.ts';
import { Producers } from '../ports/producers/producers.use-case.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import type { AppConfig } from './config.ts';
import { INBOUND } from './inbound.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { PRODUCERS } from './producers.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Producers (agents), their appointments, and the identity provider's verdicts that activate them. */
export const producersModule = (config: AppConfig): ContextModule => ({
  name: 'producers',
  bindings: bindings((wire) => {
    wire.factory(PRODUCERS.ProducerRepository, { store: PLATFORM.Store }, ({ store }) => ProducerStoreRepository.create(store));
    wire.factory(PRODUCERS.AppointmentRepository, { store: PLATFORM.Store }, ({ store }) => AppointmentStoreRepository.create(store));
    wire.factory(
      PRODUCERS.Producers,
      {
        producers: PRODUCERS.ProducerRepository,
        appointments: PRODUCERS.AppointmentRepository,
        relationships: AUTHORIZATION.RecordRelationships,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
      },
      (deps) => new Producers(deps),
    );
    wire.contribute(
      INBOUND.Endpoint,
      { producers: PRODUCERS.ProducerRepository, relationships: AUTHORIZATION.RecordRelationships, clock: PLATFORM.Clock },
      ({ producers, relationships, clock }) =>
        identityEndpoint(config.secrets.identityWebhookSecret, new IdentityEventsHandler(producers, relationships, clock)),
    );
  }),
  routes: async (resolve) => producerRoutes(await resolve(PRODUCERS.Producers), await resolve(AUTHORIZATION.RecordAccess)),
});
