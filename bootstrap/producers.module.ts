import { producerRoutes } from '../adapters/http/producers/producers.routes.ts';
import { AppointmentStoreRepository, ProducerStoreRepository } from '../adapters/persistence/producers/producer.store-repositories.ts';
import { Producers } from '../ports/producers/producers.use-case.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Producers (agents) and their appointments. */
export const producersModule = (): ContextModule => ({
  name: 'producers',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.ProducerRepository, [TOKENS.Store], ProducerStoreRepository.create);
    wire.factory(TOKENS.AppointmentRepository, [TOKENS.Store], AppointmentStoreRepository.create);
    wire.factory(
      TOKENS.Producers,
      [TOKENS.ProducerRepository, TOKENS.AppointmentRepository, TOKENS.RecordRelationships, TOKENS.Ids, TOKENS.Clock],
      (producers, appointments, relationships, ids, clock) => new Producers({ producers, appointments, relationships, ids, clock }),
    );
  }),
  routes: async (resolve) => producerRoutes(await resolve(TOKENS.Producers), await resolve(TOKENS.RecordAccess)),
});
