import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type {
  Collection,
  CollectionOptions,
  CollectionStore,
  GroupedWrite,
  IndexSpec,
  StoredDocument,
} from '../../../ports/shared/persistence/collection-store.port.ts';
import { BulkConnection } from './bulk-reads.ts';
import { CollectionTable } from './collection-table.ts';
import type { SchemaCatalog } from './key-column-types.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DocumentCache } from './document-cache.ts';
import { DocumentDictionaries } from './document-dictionaries.ts';
import { dateKey, DATES_FROM } from './index-keys.ts';
import { InternedValues } from './interned-values.ts';
import { importJournal } from './journal-import.ts';
import { SqliteCollection } from './sqlite-collection.ts';
import { convertToPackedLayout } from './table-layout.ts';
import { configureConnection } from './connection-settings.ts';
import { StoreInspection } from './store-inspection.ts';
import { Statements } from './statements.ts';
import { PlannerStatistics, rareValueIndexes } from './planner-statistics.ts';
import { NO_TUNING, type EmbeddedTuning } from './embedded-tuning.ts';
import { RollbackForgetting } from './rollback-forgetting.ts';
import { readMeta, savedSchemas, schemaCatalog, writeMeta, type SavedSchema } from './store-schema.ts';
import { WalCheckpoints } from './wal-checkpoints.ts';
import { WalSync } from './wal-sync.ts';
import { WriteBatch } from './write-batch.ts';

interface SqliteStoreOptions {
  /** The data directory; the database is `store/store.db` under it. Omitted, the store lives in memory. */
  readonly dir?: string;
  readonly ttlSweepMs?: number;
  /** SQLite's page cache, the memory bound whatever the data; a quarter of it again (JSON size) bounds the decoded documents kept. */
  readonly cacheMiB?: number;
  /** What this engine makes of particular collections and indexes (none by default). */
  readonly tuning?: EmbeddedTuning;
}

export const STORE_FILE = 'store.db';

/** Durable collections keep their tables in the main database; volatile ones in an attached in-memory one. */
const DURABLE = 'main';
const VOLATILE = 'volatile';

/**
 * The embedded store: SQLite through `node:sqlite`, one table per collection (collection-table.ts),
 * writes grouped per turn of the event loop (write-batch.ts). WAL journal, flushed to disk off the
 * event loop (wal-sync.ts) before any write of a commit resolves, so an acknowledged write
 * survives a crash of the process and a power cut alike.
 */
export class SqliteStore implements CollectionStore {
  readonly engine: 'sqlite' | 'memory';
  private readonly db: DatabaseSync;
  private readonly statements: Statements;
  private readonly batch: WriteBatch;
  private readonly tables = new Map<string, CollectionTable>();
  private readonly volatileNames = new Set<string>();
  private readonly saved = new Map<string, SavedSchema>();
  private readonly catalog: SchemaCatalog;
  private readonly cache: DocumentCache;
  private readonly interned: InternedValues;
  private readonly dictionaries: DocumentDictionaries;
  private readonly forgetting: RollbackForgetting;
  private sweeper: NodeJS.Timeout | null = null;
  private unlock: () => void = () => {};
  private closed = false;

  private readonly walSync: WalSync | null;
  private checkpoints: WalCheckpoints | null = null;
  private bulk: BulkConnection | null = null;
  private readonly statistics: PlannerStatistics;
  /** What the query-plan check reads: statements run, their plans, rows examined, declared indexes. */
  readonly inspection: StoreInspection;

  private readonly tuning: EmbeddedTuning;

  private constructor(db: DatabaseSync, engine: 'sqlite' | 'memory', path: string | null, cacheMiB: number, tuning: EmbeddedTuning) {
    this.db = db;
    this.engine = engine;
    this.tuning = tuning;
    this.statements = new Statements(db);
    this.cache = new DocumentCache((cacheMiB / 4) * 1024 * 1024);
    this.interned = new InternedValues(db);
    this.dictionaries = new DocumentDictionaries(db);
    this.walSync = path ? new WalSync(path) : null;
    this.statistics = new PlannerStatistics(db, () => rareValueIndexes(db, tuning.rareValueIndexes));
    const catalog = schemaCatalog(this.statements);
    this.catalog = catalog;
    const durableTables = () => [...this.tables].filter(([name]) => !this.volatileNames.has(name));
    const { cache, interned, dictionaries } = this;
    this.forgetting = new RollbackForgetting({ db, cache, interned, dictionaries, catalogNotes: catalog.notes, durableTables });
    this.batch = new WriteBatch(db, () => this.walSync?.flushed() ?? Promise.resolve(), {
      savepointBegan: () => this.forgetting.savepointBegan(),
      rolledBack: (whole) => this.forgetting.rolledBack(whole),
      committed: () => {
        this.dictionaries.committed();
        this.statistics.committed();
        this.checkpoints?.afterCommit();
      },
    });
    this.inspection = new StoreInspection(db, this.statements, this.statistics);
  }

  static async open(options: SqliteStoreOptions = {}): Promise<SqliteStore> {
    let store: SqliteStore;
    const cacheMiB = options.cacheMiB ?? 64;
    if (options.dir) {
      const dir = join(options.dir, 'store');
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const unlock = lockDataDir(dir, options.dir);
      try {
        const path = join(dir, STORE_FILE);
        store = new SqliteStore(new DatabaseSync(path), 'sqlite', path, cacheMiB, options.tuning ?? NO_TUNING);
        store.unlock = unlock;
        store.configure(cacheMiB, true);
        store.bulk = new BulkConnection(path);
        await importJournal(dir, store);
        store.checkpoints = new WalCheckpoints(store.db, path);
      } catch (error) {
        unlock();
        throw error;
      }
    } else {
      store = new SqliteStore(new DatabaseSync(':memory:'), 'memory', null, cacheMiB, options.tuning ?? NO_TUNING);
      store.configure(cacheMiB, false);
    }
    store.sweeper = setInterval(() => void store.sweepExpired().catch(() => {}), options.ttlSweepMs ?? 1_000);
    store.sweeper.unref();
    return store;
  }

  collection<T extends StoredDocument>(name: string, options: CollectionOptions = {}): Collection<T> {
    if (this.tuning.textRows.includes(name)) this.dictionaries.keepAsText(name);
    const table = this.table(name, options.volatile ?? false);
    if (this.tuning.readAfterInsert.includes(name)) table.keepInserted();
    return new SqliteCollection<T>(table, this.batch);
  }

  /** The writes in one savepoint of this turn's transaction: a failure rolls all of them back. */
  writeTogether(writes: readonly GroupedWrite[]): Promise<void> {
    // Tables are opened first: opening one commits the open batch.
    const targets = writes.map((write) => ({ write, collection: new SqliteCollection(this.table(write.collection, false), this.batch) }));
    return this.batch.write(() => {
      for (const { write, collection } of targets) collection.applyNow(write);
    });
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    const table = this.table(collection, this.volatileNames.has(collection));
    this.transaction(() => table.ensureIndexes(indexes));
  }

  async ping(): Promise<void> {
    this.statements.get('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.batch.close();
    await this.checkpoints?.close();
    await this.walSync?.close();
    this.bulk?.close();
    this.db.close();
    this.unlock();
  }

  /** Removes every document whose TTL has passed; returns how many. */
  sweepExpired(): Promise<number> {
    const now = Date.now();
    const cutoff = (seconds: number) => dateKey(new Date(now - seconds * 1000));
    const expiring = [...this.tables.values()].filter((table) => table.hasExpired(cutoff, DATES_FROM));
    if (expiring.length === 0) return Promise.resolve(0);
    return this.batch.write(() => expiring.reduce((removed, table) => removed + table.deleteExpired(cutoff, DATES_FROM), 0));
  }

  /** Rewrites the file without its free pages, through the WAL (it needs free disk about the store's size). */
  vacuum(): void {
    this.batch.commit();
    this.db.exec('VACUUM; PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /** Rewrites a durable table made with a rowid as tables are made now (table-layout.ts), documents unchanged (cached ones stay right); false when it is already. */
  relayout(collection: string): boolean {
    this.tables.delete(collection);
    const converted = this.transaction(() => convertToPackedLayout(this.db, DURABLE, `docs:${collection}`));
    this.loadSavedSchemas();
    return converted;
  }

  /** Runs `work` in one transaction of its own (bulk loads), outside the write batches. */
  transaction<T>(work: () => T): T {
    this.batch.commit();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      this.dictionaries.committed();
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      this.forgetting.forgetEverything();
      throw error;
    }
  }

  /** The table behind a collection, created on first use. */
  table(name: string, volatile: boolean): CollectionTable {
    let table = this.tables.get(name);
    if (table && volatile && !this.volatileNames.has(name)) {
      throw new Error(`Collection '${name}' was opened as durable before being asked for as volatile.`);
    }
    if (!table) {
      this.batch.commit();
      if (volatile) this.volatileNames.add(name);
      const schema = volatile ? VOLATILE : DURABLE;
      const durable = volatile ? null : { catalog: this.catalog, dictionaries: this.dictionaries, bulk: this.bulk?.statements ?? null };
      table = new CollectionTable(this.statements, schema, name, durable, this.cache, this.interned);
      const saved = this.saved.get(name);
      if (saved && !volatile) table.restore(saved);
      this.tables.set(name, table);
    }
    return table;
  }

  /** The collections with a table in the durable database, by name. */
  durableCollections(): string[] {
    const tables = this.db.prepare(`SELECT name FROM ${DURABLE}.sqlite_master WHERE type = 'table' AND name LIKE 'docs:%' ORDER BY name`);
    return tables.all().map((row) => String(row.name).slice('docs:'.length));
  }

  private configure(cacheMiB: number, durable: boolean): void {
    configureConnection(this.db, { cacheMiB, durable, volatileSchema: VOLATILE });
    this.loadSavedSchemas();
    this.statistics.refreshAll();
  }

  private loadSavedSchemas(): void {
    for (const [collection, schema] of savedSchemas(this.db)) this.saved.set(collection, schema);
  }

  /** A small durable note of the store itself (such as a journal already imported). */
  readonly meta = (key: string): string | null => readMeta(this.db, key);
  readonly setMeta = (key: string, value: string): void => writeMeta(this.db, key, value);
}
