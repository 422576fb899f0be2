import type { Db } from 'mongodb';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';

/**
 * The MongoDB driver's database behind the store, for libraries that take one (the job runner's
 * backend, the deal rooms' change stream); null on the embedded engines. The MongoDB adapter is
 * loaded only when it is the store.
 */
export const mongoDatabaseOf = async (store: CollectionStore): Promise<Db | null> => {
  if (store.engine !== 'mongodb') return null;
  const { MongoStore } = await import('../adapters/persistence/mongo/mongo-store.engine.ts');
  return store instanceof MongoStore ? store.database() : null;
};
