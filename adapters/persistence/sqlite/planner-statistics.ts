import type { DatabaseSync } from 'node:sqlite';

/** Commits between two refreshes of the statistics; each refresh costs well under a millisecond when nothing is stale. */
const COMMITS_BETWEEN_REFRESHES = 1_000;

/**
 * Keeps the statistics SQLite's query planner chooses indexes by (`sqlite_stat1`).
 *
 * Without them the planner guesses, and for a filter such as `{ orgId, invoiceId: { $in: [...] } }`
 * sorted by id it prefers walking the whole organization in id order (no sort needed) to reading
 * the few rows of the (orgId, invoiceId) index and sorting them: a read that grows with the
 * organization, on every payment. `PRAGMA optimize` analyzes, with a bounded sample, the tables
 * whose statistics are missing or out of date (their size changed many times over since), and
 * does nothing otherwise. It runs when the store opens, over every table, and then every
 * `COMMITS_BETWEEN_REFRESHES` commits, so statistics follow tables that grow from empty.
 */
export class PlannerStatistics {
  private readonly db: DatabaseSync;
  private readonly every: number;
  private commits = 0;

  constructor(db: DatabaseSync, every = COMMITS_BETWEEN_REFRESHES) {
    this.db = db;
    this.every = every;
  }

  /** Every table whose statistics are missing or stale, whether or not queried yet. */
  refreshAll(): void {
    this.db.exec('PRAGMA optimize=0x10002');
  }

  /** Called after each commit, outside any transaction. */
  committed(): void {
    this.commits += 1;
    if (this.commits % this.every === 0) this.refreshAll();
  }
}
