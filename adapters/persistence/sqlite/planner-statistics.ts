import type { DatabaseSync } from 'node:sqlite';
import { savedIndexes } from './store-schema.ts';

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
  /** The indexes declared `readsRareValues`, by their SQLite names. */
  private readonly rareValueIndexes: () => readonly string[];
  private commits = 0;

  constructor(db: DatabaseSync, rareValueIndexes: () => readonly string[] = () => [], every = COMMITS_BETWEEN_REFRESHES) {
    this.db = db;
    this.rareValueIndexes = rareValueIndexes;
    this.every = every;
  }

  /** Every table whose statistics are missing or stale, whether or not queried yet. */
  refreshAll(): void {
    this.db.exec('PRAGMA optimize=0x10002');
    this.pinRareValueIndexes();
  }

  /**
   * An index read for values few rows hold (a pending-events flag) looks useless on average
   * statistics, where nearly every row holds the other value, and the planner then scans the
   * table instead: its statistics are set to one row per key, which is what its reads meet.
   */
  private pinRareValueIndexes(): void {
    const names = this.rareValueIndexes();
    const analyzed = this.db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat1'").get();
    if (names.length === 0 || !analyzed) return;
    const pin = this.db.prepare("UPDATE sqlite_stat1 SET stat = substr(stat, 1, instr(stat, ' ')) || '1 1' WHERE idx = ? AND stat NOT LIKE '% 1 1'");
    let changed = 0;
    for (const name of names) changed += Number(pin.run(name).changes);
    // The planner reads statistics when the schema loads; this reloads them.
    if (changed > 0) this.db.exec('ANALYZE sqlite_schema');
  }

  /** Called after each commit, outside any transaction. */
  committed(): void {
    this.commits += 1;
    if (this.commits % this.every === 0) this.refreshAll();
  }
}

/** The SQLite names of the indexes declared `readsRareValues` (see PlannerStatistics). */
export const rareValueIndexes = (db: DatabaseSync): string[] => {
  const declared = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = '_store_indexes'").get();
  if (!declared) return [];
  return savedIndexes(db)
    .filter(({ spec }) => spec.readsRareValues)
    .map(({ collection, spec }) => `docs:${collection}/${spec.name}`);
};
