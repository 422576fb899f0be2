import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import { DEFAULT_MONGODB_DB, DEFAULT_STORE_CACHE_MIB, type AppConfig } from './config.ts';

/**
 * MongoDB when MONGODB_URI is set; otherwise the embedded SQLite store under DATA_DIR. The
 * MongoDB driver is loaded only when it is the store: the embedded service starts without it.
 */
export const openStore = async (config: Pick<AppConfig, 'mongodbUri' | 'mongodbDb' | 'dataDir' | 'storeCacheMiB'>): Promise<CollectionStore> => {
  if (!config.mongodbUri) return SqliteStore.open({ dir: config.dataDir, cacheMiB: config.storeCacheMiB });
  const { MongoStore } = await import('../adapters/persistence/mongo/mongo-store.engine.ts');
  return MongoStore.connect(config.mongodbUri, config.mongodbDb);
};

/** The store an admin command runs on: MongoDB when MONGODB_URI is set (MONGODB_DB), else the embedded store in `dataDir`. */
export const openCommandStore = (dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<CollectionStore> =>
  openStore({ mongodbUri: env.MONGODB_URI || null, mongodbDb: env.MONGODB_DB || DEFAULT_MONGODB_DB, dataDir, storeCacheMiB: DEFAULT_STORE_CACHE_MIB });
