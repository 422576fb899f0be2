import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** The store's SQL is built from a filter's shape (values are bound), so a few hundred statements cover every query. */
const MAX_CACHED = 512;

/** Prepared statements by their SQL text, prepared once and reused. */
export class Statements {
  private readonly cache = new Map<string, StatementSync>();
  private readonly db: DatabaseSync;
  /** Rows the store's reads have examined since it opened (documents decoded, entries counted): a read's cost whatever its answer's size. */
  rowsRead = 0;
  /** Every SQL text asked for since `record()`, for the query-plan check; null when not recording. */
  private seen: Set<string> | null = null;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  get(sql: string): StatementSync {
    this.seen?.add(sql);
    let statement = this.cache.get(sql);
    if (!statement) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }

  /** Starts noting every SQL text run from now on (see `recorded`). */
  record(): void {
    this.seen ??= new Set();
  }

  /** The SQL texts run since `record()`, in first-run order. */
  recorded(): string[] {
    return [...(this.seen ?? [])];
  }

  /** Runs schema statements, which are not worth keeping prepared. */
  exec(sql: string): void {
    this.db.exec(sql);
  }
}

/** An identifier quoted for SQL, whatever characters it holds. */
export const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
