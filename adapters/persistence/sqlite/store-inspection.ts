import type { DatabaseSync } from 'node:sqlite';
import type { IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { IndexCatalog } from './index-catalog.ts';
import { queryPlan, type PlanStep } from './query-plans.ts';
import type { Statements } from './statements.ts';

/** What the query-plan check (tests and benches) reads of an embedded store. */
export class StoreInspection {
  private readonly db: DatabaseSync;
  private readonly statements: Statements;
  private readonly catalog: IndexCatalog;

  constructor(db: DatabaseSync, statements: Statements, catalog: IndexCatalog) {
    this.db = db;
    this.statements = statements;
    this.catalog = catalog;
  }

  /** Notes every statement run from now on, for `queryPlans`. */
  recordQueries(): void {
    this.statements.record();
  }

  /** Rows the store's reads have examined since it opened (documents decoded, index entries counted). */
  rowsRead(): number {
    return this.statements.rowsRead;
  }

  /** Brings the planner's statistics up to date now (SQLite's ANALYZE; the store runs `PRAGMA optimize` every thousand commits). */
  refreshPlannerStatistics(): void {
    this.db.exec('ANALYZE');
  }

  /**
   * Each statement run since `recordQueries()` with SQLite's plan for it, planned without the
   * statistics ANALYZE gathered: SQLite then takes every table for a large one, as a book that
   * grows becomes, where a test's small book would let it prefer reading a few rows whole.
   */
  queryPlans(): Array<{ sql: string; plan: PlanStep[] }> {
    const kept = this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
    const saved = kept ? this.db.prepare('SELECT tbl, idx, stat FROM sqlite_stat1').all() : [];
    // `ANALYZE sqlite_schema` makes SQLite read its statistics again.
    if (kept) this.db.exec('DELETE FROM sqlite_stat1; ANALYZE sqlite_schema');
    try {
      return this.statements.recorded().map((sql) => ({ sql, plan: queryPlan(this.db, sql) }));
    } finally {
      const restore = kept ? this.db.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)') : null;
      for (const row of saved) restore?.run(row.tbl as string, row.idx as string | null, row.stat as string);
      if (kept) this.db.exec('ANALYZE sqlite_schema');
    }
  }

  /** Every index declared on a durable collection (the same declarations every engine is given). */
  declaredIndexes(): Array<{ collection: string; spec: IndexSpec }> {
    return this.catalog.declared();
  }
}
