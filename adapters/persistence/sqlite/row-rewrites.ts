import type { KeyValue } from './index-keys.ts';
import type { KeyColumns } from './key-columns.ts';
import type { Statements } from './statements.ts';
import type { StoredRow, StoredRows } from './stored-rows.ts';

/**
 * Rewrites done to a table's stored rows in place, in id order, a batch at a time; `table` is its
 * qualified SQL name. A batch starts after the id key the last one ended on (null: from the first),
 * which holds whichever form the table keeps its ids in.
 */
const batchAfter = (statements: Statements, table: string, columns: string, after: KeyValue, limit: number): StoredRow[] => {
  const from = after === null ? '' : 'WHERE id > ? ';
  const statement = statements.get(`SELECT ${columns} FROM ${table} ${from}ORDER BY id LIMIT ?`);
  return (after === null ? statement.all(limit) : statement.all(after, limit)) as unknown as StoredRow[];
};

/** Recomputes every key column of every stored document, a thousand rows at a time (an index declared over stored rows). */
export const fillKeyColumns = (statements: Statements, table: string, rows: StoredRows, keys: KeyColumns): void => {
  const columns = keys.columns();
  const fill = statements.get(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`);
  for (let after: KeyValue = null; ;) {
    const batch = batchAfter(statements, table, rows.selected(), after, 1_000);
    if (batch.length === 0) return;
    for (const row of batch) fill.run(...keys.keysOf(rows.decode(row)), row.id);
    after = (batch.at(-1) as StoredRow).id;
  }
};

/**
 * Compresses the rows after id key `after` still kept as text, up to `limit` rows read (a store
 * from before compression); their documents and keys are unchanged. The last id key read, or null
 * at the end, and how many were rewritten.
 */
export const compressTextRows = (
  statements: Statements,
  table: string,
  rows: StoredRows,
  after: KeyValue,
  limit: number,
): { last: KeyValue; rewritten: number } => {
  const batch = batchAfter(statements, table, 'id, doc', after, limit);
  const rewrite = statements.get(`UPDATE ${table} SET doc = ? WHERE id = ?`);
  let rewritten = 0;
  for (const row of batch) {
    const packed = rows.repacked(row.doc);
    if (packed) rewritten += Number(rewrite.run(packed, row.id).changes);
  }
  return { last: batch.length < limit ? null : (batch.at(-1) as StoredRow).id, rewritten };
};
