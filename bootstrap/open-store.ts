import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { MongoStore } from '../adapters/persistence/mongo/mongo-store.engine.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';
import type { AppConfig } from './config.ts';

/** MongoDB when MONGODB_URI is set; otherwise the embedded SQLite store under DATA_DIR. */
export const openStore = (config: AppConfig): Promise<CollectionStore> =>
  config.mongodbUri ? MongoStore.connect(config.mongodbUri, config.mongodbDb) : SqliteStore.open({ dir: config.dataDir, cacheMiB: config.storeCacheMiB });
