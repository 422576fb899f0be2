import { InMemoryNotificationChannel, type AgendaBackend } from 'agenda';
import { StoreJobRepository } from '../adapters/jobs/store-job-repository.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';

/**
 * Agenda over the platform's store: the official MongoDB backend (loaded only then), or our
 * repository over the embedded engine.
 */
export const agendaBackendFor = async (store: CollectionStore): Promise<AgendaBackend> => {
  if (store.engine === 'mongodb') {
    const [{ MongoBackend }, { MongoStore }] = await Promise.all([
      import('@agendajs/mongo-backend'),
      import('../adapters/persistence/mongo/mongo-store.engine.ts'),
    ]);
    if (store instanceof MongoStore) return new MongoBackend({ mongo: store.database(), collection: 'agenda_jobs' });
  }
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
