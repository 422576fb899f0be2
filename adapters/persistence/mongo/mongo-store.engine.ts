import { MongoClient, MongoServerError, type Collection as DriverCollection, type Db } from 'mongodb';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type {
  Collection,
  CollectionStore,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  GroupedWrite,
  IndexSpec,
  StoredDocument,
  UpdateDocument,
  UpdateResult,
} from '../../../ports/shared/persistence/collection-store.port.ts';
import { RequiredWriteUnmatched } from '../../../ports/shared/persistence/collection-store.port.ts';
import { declareIndexes } from './index-declarations.ts';

const DUPLICATE_KEY = 11000;

const isDuplicateKey = (error: unknown): error is MongoServerError => error instanceof MongoServerError && error.code === DUPLICATE_KEY;

/** Unique index violations become the domain's `duplicate`, like every other engine. */
const translate = async <R>(operation: () => Promise<R>): Promise<R> => {
  try {
    return await operation();
  } catch (error) {
    if (isDuplicateKey(error)) {
      const index = /index: (\S+)/.exec(error.message)?.[1] ?? 'unknown';
      throw new DomainError('duplicate', undefined, { index });
    }
    throw error;
  }
};

/**
 * Two upserts racing on the same new _id: MongoDB lets one insert and fails the other with a
 * duplicate key; retried, the loser finds and updates the winner's document.
 */
const withUpsertRetry = async <R>(upsert: boolean, operation: () => Promise<R>): Promise<R> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!upsert || attempt >= 3 || !isDuplicateKey(error) || !/_id_/.test(error.message)) throw error;
    }
  }
};

class MongoCollection<T extends StoredDocument> implements Collection<T> {
  private readonly driver: DriverCollection<StoredDocument>;

  constructor(driver: DriverCollection<StoredDocument>) {
    this.driver = driver;
  }

  async insertOne(document: T): Promise<void> {
    await translate(() => this.driver.insertOne({ ...document }));
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'sort'> = {}): Promise<T | null> {
    return (await this.driver.findOne(filter, options.sort ? { sort: options.sort } : {})) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.driver.find(filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  countDocuments(filter: Filter): Promise<number> {
    return this.driver.countDocuments(filter);
  }

  async findOneAndUpdate(filter: Filter, update: UpdateDocument, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const upsert = options.upsert ?? false;
    return translate(() =>
      withUpsertRetry(
        upsert,
        async () =>
          (await this.driver.findOneAndUpdate(filter, update, {
            upsert,
            returnDocument: options.returnDocument ?? 'after',
            ...(options.sort ? { sort: options.sort } : {}),
          })) as T | null,
      ),
    );
  }

  async updateOne(filter: Filter, update: UpdateDocument, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    const result = await translate(() => withUpsertRetry(upsert, () => this.driver.updateOne(filter, update, { upsert })));
    return {
      matchedCount: result.matchedCount,
      modifiedCount: result.modifiedCount,
      upsertedId: result.upsertedId === null ? null : String(result.upsertedId),
    };
  }

  async updateMany(filter: Filter, update: UpdateDocument): Promise<UpdateResult> {
    const result = await translate(() => this.driver.updateMany(filter, update));
    return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.driver.deleteOne(filter)).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.driver.deleteMany(filter)).deletedCount;
  }
}

/** The production engine: the official driver, majority-acknowledged and journaled writes. */
export class MongoStore implements CollectionStore {
  readonly engine = 'mongodb' as const;

  private readonly client: MongoClient;
  private readonly db: Db;

  private constructor(client: MongoClient, db: Db) {
    this.client = client;
    this.db = db;
  }

  static async connect(uri: string, database: string): Promise<MongoStore> {
    const client = new MongoClient(uri, {
      writeConcern: { w: 'majority', journal: true },
      readConcern: { level: 'majority' },
      serverSelectionTimeoutMS: 10_000,
    });
    await client.connect();
    return new MongoStore(client, client.db(database));
  }

  collection<T extends StoredDocument>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection<StoredDocument>(name));
  }

  /**
   * A multi-document transaction (a replica set, as production runs): committed whole or not at
   * all; the driver retries it on a transient error.
   */
  async writeTogether(writes: readonly GroupedWrite[]): Promise<void> {
    await translate(() =>
      this.client.withSession((session) =>
        session.withTransaction(async () => {
          for (const write of writes) {
            const driver = this.db.collection<StoredDocument>(write.collection);
            if ('insertOne' in write) await driver.insertOne({ ...write.insertOne }, { session });
            else if ('updateMany' in write) await driver.updateMany(write.updateMany.filter, write.updateMany.update, { session });
            else {
              const { filter, update, upsert, required, guard } = write.updateOne;
              const result = await driver.updateOne(filter, update, { upsert: upsert ?? false, session });
              // Thrown inside the transaction, so it aborts: nothing of the group is kept.
              if (required && result.matchedCount === 0 && result.upsertedCount === 0) throw new RequiredWriteUnmatched(write.collection, guard ?? null);
            }
          }
        }),
      ),
    );
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length === 0) return;
    await declareIndexes(this.db.collection(collection), indexes);
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** The driver's database, for libraries that take one (the job runner's MongoDB backend). */
  database(): Db {
    return this.db;
  }

  /** For test isolation only: removes the whole database. */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }
}
