import { existsSync, mkdirSync } from 'node:fs';
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
import { configureConnection } from './connection-settings.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { IndexCatalog } from './index-catalog.ts';
import { dateKey, DATES_FROM } from './index-keys.ts';
import { SqliteCollection } from './sqlite-collection.ts';
import { StoreInspection } from './store-inspection.ts';
import { Statements } from './statements.ts';
import { WalCheckpoints } from './wal-checkpoints.ts';
import { WalSync } from './wal-sync.ts';
import { WriteBatch } from './write-batch.ts';

interface SqliteStoreOptions {
  /** The data directory; the database is `store/documents.db` under it. Omitted, the store lives in memory. */
  readonly dir?: string;
  readonly ttlSweepMs?: number;
  /** SQLite's page cache, the memory bound whatever the data. */
  readonly cacheMiB?: number;
}

export const STORE_FILE = 'documents.db';
/** The file of the engine's earlier format, which kept its own encoding of documents: refused, never read or changed. */
const EARLIER_FORMAT_FILE = 'store.db';

/** Durable collections keep their tables in the main database; volatile ones in an attached in-memory one. */
const DURABLE = 'main';
const VOLATILE = 'volatile';
/** SQLite's `PRAGMA optimize` after so many commits: it refreshes the planner's statistics of the tables that grew since. */
const OPTIMIZE_EVERY_COMMITS = 1_000;

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
  private readonly catalog: IndexCatalog;
  private readonly tables = new Map<string, CollectionTable>();
  private readonly volatileNames = new Set<string>();
  private sweeper: NodeJS.Timeout | null = null;
  private unlock: () => void = () => {};
  private closed = false;
  private commits = 0;
  private readonly walSync: WalSync | null;
  private checkpoints: WalCheckpoints | null = null;
  private bulk: BulkConnection | null = null;
  /** What the query-plan check reads: statements run, their plans, rows examined, declared indexes. */
  readonly inspection: StoreInspection;

  private constructor(db: DatabaseSync, engine: 'sqlite' | 'memory', path: string | null, cacheMiB: number) {
    this.db = db;
    this.engine = engine;
    configureConnection(db, { cacheMiB, durable: path !== null, volatileSchema: VOLATILE });
    this.statements = new Statements(db);
    this.catalog = new IndexCatalog(this.statements);
    this.walSync = path ? new WalSync(path) : null;
    this.batch = new WriteBatch(
      db,
      () => this.walSync?.flushed() ?? Promise.resolve(),
      () => this.committed(),
    );
    this.inspection = new StoreInspection(db, this.statements, this.catalog);
    db.exec('PRAGMA optimize = 0x10002');
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
        if (existsSync(join(dir, EARLIER_FORMAT_FILE)) && !existsSync(path)) {
          throw new Error(
            `${join(dir, EARLIER_FORMAT_FILE)} holds a store of the engine's earlier format, which this version does not read. ` +
              'Export it with the release that wrote it, or start with another DATA_DIR.',
          );
        }
        store = new SqliteStore(new DatabaseSync(path), 'sqlite', path, cacheMiB);
        store.unlock = unlock;
        store.bulk = new BulkConnection(path);
        store.checkpoints = new WalCheckpoints(store.db, path);
      } catch (error) {
        unlock();
        throw error;
      }
    } else {
      store = new SqliteStore(new DatabaseSync(':memory:'), 'memory', null, cacheMiB);
    }
    store.sweeper = setInterval(() => void store.sweepExpired().catch(() => {}), options.ttlSweepMs ?? 1_000);
    store.sweeper.unref();
    return store;
  }

  collection<T extends StoredDocument>(name: string, options: CollectionOptions = {}): Collection<T> {
    return new SqliteCollection<T>(this.table(name, options.volatile ?? false), this.batch);
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
    table.ensureIndexes(indexes, (work) => this.transaction(work));
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
    if (this.engine === 'sqlite') this.db.exec('PRAGMA optimize');
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

  /** Runs `work` in one transaction of its own (bulk loads), outside the write batches. */
  transaction<T>(work: () => T): T {
    this.batch.commit();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
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
      table = volatile
        ? new CollectionTable(this.statements, VOLATILE, name, null, null)
        : new CollectionTable(this.statements, DURABLE, name, this.catalog, this.bulk?.statements ?? null);
      this.tables.set(name, table);
    }
    return table;
  }

  /** The collections with a table in the durable database, by name. */
  durableCollections(): string[] {
    const tables = this.db.prepare(`SELECT name FROM ${DURABLE}.sqlite_master WHERE type = 'table' AND name LIKE 'docs:%' ORDER BY name`);
    return tables.all().map((row) => String(row.name).slice('docs:'.length));
  }

  private committed(): void {
    this.checkpoints?.afterCommit();
    this.commits += 1;
    if (this.commits % OPTIMIZE_EVERY_COMMITS === 0) this.db.exec('PRAGMA optimize');
  }
}
