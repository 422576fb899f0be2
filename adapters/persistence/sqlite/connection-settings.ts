import type { DatabaseSync } from 'node:sqlite';

export interface ConnectionSettings {
  /** SQLite's page cache, in MiB. */
  readonly cacheMiB: number;
  /** A store on disk (WAL), not in memory. */
  readonly durable: boolean;
  /** The name the in-memory database of volatile collections is attached under. */
  readonly volatileSchema: string;
}

/** The store's settings of its one SQLite connection, applied once as it opens. */
export const configureConnection = (db: DatabaseSync, { cacheMiB, durable, volatileSchema }: ConnectionSettings): void => {
  if (durable) {
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL: a commit is safe from a crash of the process at once, and from a power cut once
    // WalSync has flushed it, which every write awaits before it resolves.
    db.exec('PRAGMA synchronous = NORMAL');
  }
  db.exec(`PRAGMA cache_size = ${-Math.round(cacheMiB * 1024)}`);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA temp_store = MEMORY');
  // ANALYZE (run by `PRAGMA optimize`) samples this many rows of each index, so it stays quick however large the book.
  db.exec('PRAGMA analysis_limit = 1000');
  db.exec(`ATTACH DATABASE ':memory:' AS ${volatileSchema}`);
};
