import { DatabaseSync } from 'node:sqlite';
import { Statements } from './statements.ts';

/** The page cache of the connection for reads in bulk, in MiB. */
export const BULK_CACHE_MIB = 2;

/**
 * A second connection to the store's file, read-only, for reads of many rows once (a report
 * streaming a month of the book, `FindOptions.bulk`). Its own small page cache takes the pages
 * such a read goes through, which would otherwise fill the store's cache (`STORE_CACHE_MIB`),
 * growing the service's memory by as much and pushing out the pages other reads use again. It
 * reads what is committed (WAL), as every acknowledged write is; each statement runs to its end
 * at once, so no read stays open to hold the WAL's checkpoints back.
 */
export class BulkConnection {
  private readonly db: DatabaseSync;
  readonly statements: Statements;

  constructor(path: string) {
    this.db = new DatabaseSync(path, { readOnly: true });
    this.db.exec(`PRAGMA cache_size = ${-BULK_CACHE_MIB * 1024}`);
    this.db.exec('PRAGMA busy_timeout = 5000');
    this.statements = new Statements(this.db);
  }

  close(): void {
    this.db.close();
  }
}
