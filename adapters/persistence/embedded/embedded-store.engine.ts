import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Collection, CollectionOptions, CollectionStore, IndexSpec, StoredDocument } from '../../../ports/persistence/collection-store.port.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { deepFreeze } from './deep-freeze.ts';
import { EmbeddedCollection, type Persist } from './embedded-collection.ts';
import { Journal, type JournalRecord } from './journal.ts';

export interface EmbeddedStoreOptions {
  /** Directory of the journal; omitted, the store lives in memory only. */
  readonly dir?: string;
  readonly ttlSweepMs?: number;
  readonly compactAboveBytes?: number;
}

const noPersistence: Persist = async () => {};

/**
 * The default engine: every collection in memory with MongoDB query and update semantics, made
 * durable by one append-only journal under the data directory.
 */
export class EmbeddedStore implements CollectionStore {
  readonly engine: 'embedded' | 'memory';
  private readonly collections = new Map<string, EmbeddedCollection<StoredDocument>>();
  private readonly replayed = new Map<string, Map<string, StoredDocument>>();
  private readonly volatile = new Set<string>();
  private journal: Journal | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private unlock: () => void = () => {};

  private constructor(options: EmbeddedStoreOptions) {
    this.engine = options.dir ? 'embedded' : 'memory';
  }

  static async open(options: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
    const store = new EmbeddedStore(options);
    if (options.dir) {
      const dir = join(options.dir, 'store');
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      store.unlock = lockDataDir(dir, options.dir);
      try {
        const { journal, records } = await Journal.open(dir, () => store.snapshot(), options.compactAboveBytes);
        store.journal = journal;
        store.replay(records);
        if (records.length > 2 * store.liveCount() + 10_000) await journal.compact();
      } catch (error) {
        store.unlock();
        throw error;
      }
    }
    store.sweeper = setInterval(() => void store.sweepExpired(), options.ttlSweepMs ?? 1_000);
    store.sweeper.unref();
    return store;
  }

  collection<T extends StoredDocument>(name: string, options: CollectionOptions = {}): Collection<T> {
    return this.get<T>(name, options);
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    const target = this.get(collection, {});
    for (const spec of indexes) target.indexes.add(spec, target.documents.values());
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.journal?.close();
    this.journal = null;
    this.unlock();
  }

  async sweepExpired(): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const collection of this.collections.values()) removed += await collection.sweepExpired(now);
    return removed;
  }

  private get<T extends StoredDocument>(name: string, options: CollectionOptions): EmbeddedCollection<T> {
    let collection = this.collections.get(name);
    if (collection && options.volatile && !this.volatile.has(name)) {
      throw new Error(`Collection '${name}' was opened as durable before being asked for as volatile.`);
    }
    if (!collection) {
      if (options.volatile) this.volatile.add(name);
      const documents = this.replayed.get(name) ?? new Map<string, StoredDocument>();
      const persist = options.volatile || !this.journal ? noPersistence : this.persist;
      collection = new EmbeddedCollection(name, documents, persist);
      this.collections.set(name, collection);
    }
    return collection as unknown as EmbeddedCollection<T>;
  }

  private readonly persist: Persist = (record) => {
    if (!this.journal) return Promise.reject(new Error('The store is closed.'));
    return this.journal.append(record);
  };

  private replay(records: JournalRecord[]): void {
    for (const record of records) {
      let documents = this.replayed.get(record.c);
      if (!documents) this.replayed.set(record.c, (documents = new Map()));
      if (record.op === 'put') documents.set(record.d._id, deepFreeze(record.d as StoredDocument));
      else documents.delete(record.id);
    }
  }

  private liveCount(): number {
    let count = 0;
    for (const documents of this.replayed.values()) count += documents.size;
    return count;
  }

  private *snapshot(): Iterable<JournalRecord> {
    const names = new Set([...this.replayed.keys(), ...this.collections.keys()]);
    for (const name of names) {
      if (this.volatile.has(name)) continue;
      const documents = this.collections.get(name)?.documents ?? this.replayed.get(name) ?? new Map();
      for (const document of documents.values()) yield { op: 'put', c: name, d: document };
    }
  }
}
