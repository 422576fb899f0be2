import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { packedKey } from './packed-ids.ts';
import { quoted, type Statements } from './statements.ts';

/**
 * How a collection's table lies on disk. A table created now is `WITHOUT ROWID`: its rows are
 * kept in the primary key's own tree, ordered by id, and every index entry ends with the id it
 * already held instead of a rowid, so there is no second tree of ids. It packs ids (packed-ids.ts)
 * in its id column and key columns. A table created before keeps its rowid and its text ids until
 * `npm run store:compact` rewrites it (convertToPackedLayout); both are read and written alike.
 */
export interface TableLayout {
  readonly packsIds: boolean;
  /** ORDER BY terms listing the rows in the table's own order, newest last when ids are the platform's. */
  readonly storedOrder: string;
}

export const NEW_TABLE_SQL = (qualifiedTable: string) =>
  `CREATE TABLE IF NOT EXISTS ${qualifiedTable} (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID`;

/** Whether an existing table is `WITHOUT ROWID` (null when there is no such table); `schema` and `table` unquoted. */
const withoutRowid = (prepare: (sql: string) => StatementSync, schema: string, table: string): boolean | null => {
  const row = prepare(`PRAGMA ${quoted(schema)}.table_list(${quoted(table)})`).get() as { wr: number } | undefined;
  return row ? row.wr === 1 : null;
};

/** The layout of an existing table; `schema` and `table` unquoted. */
export const layoutOf = (statements: Statements, schema: string, table: string): TableLayout => {
  const packsIds = withoutRowid((sql) => statements.get(sql), schema, table) === true;
  return { packsIds, storedOrder: packsIds ? 'id' : 'rowid' };
};

/** Notes the forms of strings each id or key column of a converted table now holds (packed-id-fields.ts), as writes would have. */
const noteStringForms = (db: DatabaseSync, schema: string, table: string, collection: string, columns: string[]): void => {
  const note = db.prepare(`INSERT OR IGNORE INTO ${quoted(schema)}._store_string_forms (collection, field, form) VALUES (?, ?, ?)`);
  const forms: Array<[string, (column: string) => string]> = [
    ['packed', (column) => `typeof(${column}) = 'blob' AND substr(${column}, 1, 1) = x'00'`],
    ['text', (column) => `typeof(${column}) = 'text'`],
  ];
  for (const column of columns) {
    for (const [form, condition] of forms) {
      const holds = db.prepare(`SELECT 1 FROM ${quoted(schema)}.${quoted(table)} WHERE ${condition(quoted(column))} LIMIT 1`);
      if (holds.get() !== undefined) note.run(collection, column === 'id' ? '_id' : column.slice('k:'.length), form);
    }
  }
};

/** SQL function a conversion reads keys through: a string of the platform's id form packed, anything else as it is. */
const PACK_FUNCTION = 'store_packed_key';

/**
 * Rewrites a table created with a rowid as a table created now, in the caller's transaction:
 * same columns, ids and key columns packed, documents as they are, the same indexes built again.
 * Returns false when the table is already of the new layout.
 */
export const convertToPackedLayout = (db: DatabaseSync, schema: string, table: string): boolean => {
  if (withoutRowid((sql) => db.prepare(sql), schema, table) !== false) return false;
  db.function(PACK_FUNCTION, { deterministic: true }, (value) => (typeof value === 'string' ? packedKey(value) : value));
  const columns = (db.prepare(`PRAGMA ${quoted(schema)}.table_info(${quoted(table)})`).all() as Array<{ name: string }>).map(({ name }) => name);
  const indexes = db.prepare(`SELECT sql FROM ${quoted(schema)}.sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`).all(table) as Array<{
    sql: string;
  }>;
  const next = `${table}~packed`;
  const keyColumns = columns.slice(2).map(quoted);
  db.exec(`DROP TABLE IF EXISTS ${quoted(schema)}.${quoted(next)}`);
  db.exec(
    `CREATE TABLE ${quoted(schema)}.${quoted(next)} (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL${keyColumns.map((c) => `, ${c}`).join('')}) WITHOUT ROWID`,
  );
  // Interned codes (`n:`) and partial-index flags (`p:`) are numbers, which the function leaves as they are.
  const selected = ['id', ...keyColumns].map((column) => `${PACK_FUNCTION}(${column})`);
  db.exec(
    `INSERT INTO ${quoted(schema)}.${quoted(next)} (id, ${keyColumns.join(', ')}${keyColumns.length > 0 ? ', ' : ''}doc) ` +
      `SELECT ${selected.join(', ')}, doc FROM ${quoted(schema)}.${quoted(table)} ORDER BY rowid`,
  );
  noteStringForms(db, schema, next, table.slice('docs:'.length), ['id', ...columns.slice(2).filter((column) => column.startsWith('k:'))]);
  db.exec(`DROP TABLE ${quoted(schema)}.${quoted(table)}`);
  db.exec(`ALTER TABLE ${quoted(schema)}.${quoted(next)} RENAME TO ${quoted(table)}`);
  // Index names are qualified by the statement's schema: run in that schema, they build on the renamed table.
  for (const { sql } of indexes) db.exec(sql.replace(/^CREATE (UNIQUE )?INDEX /, `CREATE $1INDEX ${quoted(schema)}.`));
  return true;
};
