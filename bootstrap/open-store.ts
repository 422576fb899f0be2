import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import type { AppConfig } from './config.ts';

/**
 * MongoDB when MONGODB_URI is set; otherwise the embedded SQLite store under DATA_DIR. The
 * MongoDB driver is loaded only when it is the store: the embedded service starts without it.
 */
export const openStore = async (config: AppConfig): Promise<CollectionStore> => {
  if (!config.mongodbUri) return SqliteStore.open({ dir: config.dataDir, cacheMiB: config.storeCacheMiB });
  const { MongoStore } = await import('../adapters/persistence/mongo/mongo-store.engine.ts');
  return MongoStore.connect(config.mongodbUri, config.mongodbDb);
};
