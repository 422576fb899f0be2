import type { DatabaseSync } from 'node:sqlite';

/** One step of SQLite's plan for a statement: `SEARCH t USING INDEX i (a=?)`, `SCAN t`, … */
export interface PlanStep {
  readonly detail: string;
}

/** What SQLite would do for a statement (EXPLAIN QUERY PLAN), its parameters left unbound. */
export const queryPlan = (db: DatabaseSync, sql: string): PlanStep[] =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => ({ detail: row.detail }));

/**
 * The tables a plan reads whole: `SCAN t` and `SCAN t USING [COVERING] INDEX i` alike (an index
 * walked end to end is no narrower). A scan of a subquery or of a table-valued function
 * (`json_each`) reads a value, not a table, and is left out.
 */
export const scannedTables = (plan: readonly PlanStep[]): string[] =>
  plan.flatMap(({ detail }) => {
    const scan = /^SCAN (\S+)/.exec(detail);
    if (!scan || /^SCAN (json_each|json_tree|CONSTANT ROW)\b/i.test(detail) || detail.startsWith('SCAN (subquery')) return [];
    return [scan[1] as string];
  });

/**
 * Whether a plan sorts every row it matches before answering (`USE TEMP B-TREE FOR ORDER BY`):
 * an index gave no order, so even a page of one reads the whole match. Sorting only the rows of
 * equal leading keys (`FOR LAST TERM OF ORDER BY`, `FOR RIGHT PART …`) is not counted.
 */
export const sortsEveryMatch = (plan: readonly PlanStep[]): boolean => plan.some(({ detail }) => detail === 'USE TEMP B-TREE FOR ORDER BY');

/**
 * The indexes a plan searches, by their SQLite names (`docs:<collection>/<declared name>`, with
 * `!unique` for a unique index's lookup part), and `primary key` for a document's id.
 */
export const searchedIndexes = (plan: readonly PlanStep[]): string[] =>
  plan.flatMap(({ detail }) => {
    if (!detail.startsWith('SEARCH ')) return [];
    if (/ USING (INTEGER )?PRIMARY KEY\b/.test(detail) || / USING (COVERING )?INDEX sqlite_autoindex_/.test(detail)) return ['primary key'];
    const index = / USING (?:COVERING )?INDEX (.+?) \(/.exec(detail)?.[1];
    return index ? [index] : [];
  });
