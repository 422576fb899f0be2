/**
 * The narrow collection interface every persistence engine provides. Filters and updates are
 * MongoDB's own query and update documents, so repositories are written once for every engine.
 */
export interface StoredDocument {
  _id: string;
  [field: string]: unknown;
}

export type Filter = Record<string, unknown>;
export type UpdateDocument = Record<string, Record<string, unknown>>;
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  readonly sort?: SortSpec;
  readonly limit?: number;
  readonly skip?: number;
  /**
   * A read of many documents once, a batch at a time (a report streaming a month of the book): an
   * engine may read it apart from what it keeps for the reads users repeat. The embedded store
   * reads it through a connection of its own with a small page cache, as of the last commit.
   */
  readonly bulk?: boolean;
}

export interface FindOneAndUpdateOptions {
  readonly upsert?: boolean;
  readonly returnDocument?: 'before' | 'after';
  readonly sort?: SortSpec;
}

export interface UpdateResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedId: string | null;
}

export interface IndexSpec {
  readonly name: string;
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
  /** TTL: documents expire this many seconds after the date in the single key field. */
  readonly expireAfterSeconds?: number;
  readonly partialFilterExpression?: Filter;
}

export interface CollectionOptions {
  /**
   * State that may be lost on a crash without harm (rate-limit counters): the embedded engine
   * keeps it in memory only. Shared engines store it like any other collection.
   */
  readonly volatile?: boolean;
}

/** Every write resolves only once it is durable; a unique index violation rejects with `duplicate`. */
export interface Collection<T extends StoredDocument> {
  insertOne(document: T): Promise<void>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'sort'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter: Filter): Promise<number>;
  findOneAndUpdate(filter: Filter, update: UpdateDocument, options?: FindOneAndUpdateOptions): Promise<T | null>;
  updateOne(filter: Filter, update: UpdateDocument, options?: { readonly upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: UpdateDocument): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

/** One write of a group applied as one (`CollectionStore.writeTogether`). */
export type GroupedWrite =
  | { readonly collection: string; readonly insertOne: StoredDocument }
  | {
      readonly collection: string;
      readonly updateOne: {
        readonly filter: Filter;
        readonly update: UpdateDocument;
        readonly upsert?: boolean;
        /** A guarded update the group depends on: when its filter matches nothing, the group fails with `RequiredWriteUnmatched` and keeps nothing. */
        readonly required?: boolean;
        /** Names the condition a required update stands for (`quote_taken`), carried by the failure so the command can say which one failed. */
        readonly guard?: string;
      };
    }
  | { readonly collection: string; readonly updateMany: { readonly filter: Filter; readonly update: UpdateDocument } };

/** A group's required update matched no document (its record changed or went meanwhile): nothing of the group was kept. */
export class RequiredWriteUnmatched extends Error {
  readonly collection: string;
  /** The update's `guard`, when it named one. */
  readonly guard: string | null;

  constructor(collection: string, guard: string | null = null) {
    super(`A required update of '${collection}'${guard ? ` (${guard})` : ''} matched no document; the group was not written.`);
    this.name = 'RequiredWriteUnmatched';
    this.collection = collection;
    this.guard = guard;
  }
}

export interface CollectionStore {
  readonly engine: 'sqlite' | 'memory' | 'mongodb';
  collection<T extends StoredDocument>(name: string, options?: CollectionOptions): Collection<T>;
  /**
   * Applies the writes in order as one: once it resolves all of them are durable; when any fails
   * (a duplicate rejects with `duplicate`) none is kept. For a record and the totals it moves,
   * which must never disagree. Durable collections only.
   */
  writeTogether(writes: readonly GroupedWrite[]): Promise<void>;
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
