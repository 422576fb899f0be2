import type { KeyColumns } from './key-columns.ts';
import type { Statements } from './statements.ts';
import type { StoredRow, StoredRows } from './stored-rows.ts';

/** Rewrites done to a table's stored rows in place, in rowid order; `table` is its qualified SQL name. */

/** Recomputes every key column of every stored document, a thousand rows at a time (an index declared over stored rows). */
export const fillKeyColumns = (statements: Statements, table: string, rows: StoredRows, keys: KeyColumns): void => {
  const page = statements.get(`SELECT rowid AS r, ${rows.selected()} FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT 1000`);
  const columns = keys.columns();
  const fill = statements.get(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE rowid = ?`);
  for (let after = 0; ;) {
    const batch = page.all(after) as unknown as Array<StoredRow & { r: number }>;
    if (batch.length === 0) return;
    for (const row of batch) fill.run(...keys.keysOf(rows.decode(row)), row.r);
    after = (batch.at(-1) as { r: number }).r;
  }
};

/**
 * Compresses the rows after rowid `after` still kept as text, up to `limit` rows read (a store
 * from before compression); their documents and keys are unchanged. The last rowid read, or null
 * at the end, and how many were rewritten.
 */
export const compressTextRows = (
  statements: Statements,
  table: string,
  rows: StoredRows,
  after: number,
  limit: number,
): { last: number | null; rewritten: number } => {
  const batch = statements.get(`SELECT rowid AS r, doc FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?`).all(after, limit) as Array<{
    r: number;
    doc: string | Uint8Array;
  }>;
  const rewrite = statements.get(`UPDATE ${table} SET doc = ? WHERE rowid = ?`);
  let rewritten = 0;
  for (const row of batch) {
    const packed = rows.repacked(row.doc);
    if (packed) rewritten += Number(rewrite.run(packed, row.r).changes);
  }
  return { last: batch.length < limit ? null : Number(batch.at(-1)?.r), rewritten };
};
