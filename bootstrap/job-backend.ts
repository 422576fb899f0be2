import { InMemoryNotificationChannel, type AgendaBackend } from 'agenda';
import { StoreJobRepository } from '../adapters/jobs/store-job-repository.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import { mongoDatabaseOf } from './mongo-database.ts';

/**
 * Agenda over the platform's store: the official MongoDB backend (loaded only then), or our
 * repository over the embedded engine.
 */
export const agendaBackendFor = async (store: CollectionStore): Promise<AgendaBackend> => {
  const mongo = await mongoDatabaseOf(store);
  if (mongo) return new (await import('@agendajs/mongo-backend')).MongoBackend({ mongo, collection: 'agenda_jobs' });
  const repository = new StoreJobRepository(store);
  return {
    name: 'embedded-store',
    repository,
    // One process owns the embedded store, so in-process notifications reach every worker.
    notificationChannel: new InMemoryNotificationChannel(),
    ownsConnection: false,
    connect: () => repository.connect(),
    disconnect: async () => {},
  };
};
