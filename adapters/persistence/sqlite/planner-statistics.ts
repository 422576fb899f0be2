import type { EmbeddedTuning } from './embedded-tuning.ts';
import type { DatabaseSync } from 'node:sqlite';
import { plannedStat } from './planned-statistics.ts';
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
  /** The indexes the tuning says look up rare values, by their SQLite names. */
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
    const changed = this.pinRareValueIndexes() + this.planForGrowth();
    // The planner reads statistics when the schema loads; this reloads them.
    if (changed > 0) this.db.exec('ANALYZE sqlite_schema');
  }

  /**
   * Statistics as the planner should read them for tables that grow and serve many organizations
   * (planned-statistics.ts). A table's rows lie in the order of its ids (table-layout.ts), so a
   * page of one organization's newest records can be read by walking the whole table backwards,
   * skipping other organizations' rows, with no index lookup per row; and a table of a few rows
   * is read whole as cheaply as through an index. Statistics of a young book, or of one held by
   * one or two organizations, make those walks look cheapest, and they would stay chosen as the
   * table grows (until the next refresh) or beside a large organization. Indexes read for rare
   * values keep their own pin.
   */
  private planForGrowth(): number {
    if (!this.analyzed()) return 0;
    const rare = new Set(this.rareValueIndexes());
    // Each index's figures, whether it is partial and its first column, in one statement.
    const rows = this.db
      .prepare(
        `SELECT s.idx, s.stat, list.partial, (SELECT info.name FROM pragma_index_info(s.idx) AS info WHERE info.seqno = 0) AS first
         FROM sqlite_stat1 AS s LEFT JOIN pragma_index_list(s.tbl) AS list ON list.name = s.idx WHERE s.idx IS NOT NULL`,
      )
      .all() as Array<{ idx: string; stat: string; partial: number | null; first: string | null }>;
    const update = this.db.prepare('UPDATE sqlite_stat1 SET stat = ? WHERE idx = ?');
    let changed = 0;
    for (const { idx, stat, partial, first } of rows.filter(({ idx }) => !rare.has(idx))) {
      const next = plannedStat(stat, { leadsWithOrg: first === 'n:orgId', partial: partial === 1 });
      if (next !== null && next !== stat) changed += Number(update.run(next, idx).changes);
    }
    return changed;
  }

  private analyzed(): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat1'").get() !== undefined;
  }

  /**
   * An index read for values few rows hold (a pending-events flag) looks useless on average
   * statistics, where nearly every row holds the other value, and the planner then scans the
   * table instead: its statistics are set to one row per key, which is what its reads meet.
   */
  private pinRareValueIndexes(): number {
    const names = this.rareValueIndexes();
    if (names.length === 0 || !this.analyzed()) return 0;
    const pin = this.db.prepare("UPDATE sqlite_stat1 SET stat = substr(stat, 1, instr(stat, ' ')) || '1 1' WHERE idx = ? AND stat NOT LIKE '% 1 1'");
    let changed = 0;
    for (const name of names) changed += Number(pin.run(name).changes);
    return changed;
  }

  /** Called after each commit, outside any transaction. */
  committed(): void {
    this.commits += 1;
    if (this.commits % this.every === 0) this.refreshAll();
  }
}

/** The SQLite names of the declared indexes the tuning says look up rare values (see PlannerStatistics). */
export const rareValueIndexes = (db: DatabaseSync, rare: EmbeddedTuning['rareValueIndexes']): string[] => {
  if (rare.length === 0) return [];
  const declared = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = '_store_indexes'").get();
  if (!declared) return [];
  return savedIndexes(db)
    .filter(({ collection, spec }) => rare.some((index) => index.collection === collection && index.index === spec.name))
    .map(({ collection, spec }) => `docs:${collection}/${spec.name}`);
};
