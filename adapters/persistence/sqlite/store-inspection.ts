import type { DatabaseSync } from 'node:sqlite';
import type { IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { PlannerStatistics } from './planner-statistics.ts';
import { queryPlan, type PlanStep } from './query-plans.ts';
import type { Statements } from './statements.ts';
import { savedIndexes } from './store-schema.ts';

/** What the query-plan check (tests and benches) reads of an embedded store. */
export class StoreInspection {
  private readonly db: DatabaseSync;
  private readonly statements: Statements;
  private readonly statistics: PlannerStatistics;

  constructor(db: DatabaseSync, statements: Statements, statistics: PlannerStatistics) {
    this.db = db;
    this.statements = statements;
    this.statistics = statistics;
  }

  /** Notes every statement run from now on, for `queryPlans`. */
  recordQueries(): void {
    this.statements.record();
  }

  /** Rows the store's reads have examined since it opened (documents decoded, index entries counted). */
  rowsRead(): number {
    return this.statements.rowsRead;
  }

  /** Brings the planner's statistics up to date now (the store does so every thousand commits). */
  refreshPlannerStatistics(): void {
    this.statistics.refreshAll();
  }

  /** Each statement run since `recordQueries()` with SQLite's plan for it. */
  queryPlans(): Array<{ sql: string; plan: PlanStep[] }> {
    return this.statements.recorded().map((sql) => ({ sql, plan: queryPlan(this.db, sql) }));
  }

  /** Every index declared on a durable collection (the same declarations every engine is given). */
  declaredIndexes(): Array<{ collection: string; spec: IndexSpec }> {
    return savedIndexes(this.db);
  }
}
