import type { Filter, IndexSpec, SortSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { DocumentCache } from './document-cache.ts';
import { tableCompression } from './document-compression.ts';
import type { DocumentDictionaries } from './document-dictionaries.ts';
import { ascendingOnDisk, type KeyValue } from './index-keys.ts';
import type { InternedValues } from './interned-values.ts';
import type { SchemaCatalog } from './key-column-types.ts';
import { KeyColumns } from './key-columns.ts';
import { quoted, type Statements } from './statements.ts';
import type { SavedSchema } from './store-schema.ts';
import { compressTextRows, fillKeyColumns } from './row-rewrites.ts';
import { StoredRows, type StoredRow } from './stored-rows.ts';
import { TableReads } from './table-reads.ts';
import { uniqueGuarded } from './unique-violations.ts';
import { layoutOf, NEW_TABLE_SQL, type TableLayout } from './table-layout.ts';

/** Unique keys compare null (or a missing field) as one value, as MongoDB does; SQLite would let NULLs repeat. */
const NULL_KEY = "x'00'";

/** What a durable table keeps beside its rows: its declared schema, and its compression dictionaries. */
export interface DurableTable {
  readonly catalog: SchemaCatalog;
  readonly dictionaries: DocumentDictionaries;
  /** The statements of the connection for reads in bulk (bulk-reads.ts), when the store has one. */
  readonly bulk: Statements | null;
}

/**
 * One collection as one SQLite table: the document as JSON in `doc`, its `_id` in `id`, and one
 * column per indexed field holding that field's key (index-keys.ts), so that declared indexes
 * are real SQLite indexes and filters on indexed fields run as SQL.
 */
export class CollectionTable {
  readonly name: string;
  private readonly table: string;
  private readonly schema: string;
  private readonly statements: Statements;
  private readonly catalog: SchemaCatalog | null;
  private readonly keys: KeyColumns;
  private readonly cache: DocumentCache;
  private readonly reads: TableReads;
  /** The same reads through the connection for reads in bulk (bulk-reads.ts); null when the store has none. */
  private readonly bulkReads: TableReads | null;
  private readonly rows: StoredRows;
  private readonly layout: TableLayout;
  private insertSql = '';
  private keepsInserted = false;

  /** `durable` is null for a volatile table (in memory): its schema is not saved, its rows not compressed. */
  constructor(statements: Statements, schema: string, name: string, durable: DurableTable | null, cache: DocumentCache, interned: InternedValues) {
    this.statements = statements;
    this.schema = schema;
    this.name = name;
    this.catalog = durable?.catalog ?? null;
    this.cache = cache;
    this.table = quoted(`docs:${name}`);
    this.run(NEW_TABLE_SQL(this.qualified(this.table)));
    this.layout = layoutOf(statements, schema, `docs:${name}`);
    const columns = this.statements.get(`PRAGMA ${quoted(schema)}.table_info(${this.table})`).all() as Array<{ name: string }>;
    this.keys = new KeyColumns(name, this.catalog, new Set(columns.map((column) => column.name)), interned, this.layout.packsIds);
    const compression = durable && tableCompression(statements, this.qualified(this.table), this.layout, name, durable.dictionaries);
    this.rows = new StoredRows(this.keys.orgColumn, () => this.keys.markedFields(), interned, compression);
    this.reads = new TableReads(statements, this.keys, this.rows, cache, this.qualified(this.table), name, true);
    this.bulkReads = durable?.bulk ? new TableReads(durable.bulk, this.keys, this.rows, cache, this.qualified(this.table), name, false) : null;
    this.rebuildInsertSql();
  }

  /** Restores the indexes and opaque fields a previous start declared, without reading documents. */
  restore(saved: SavedSchema): void {
    for (const spec of saved.indexes) this.keys.adopt(spec);
    for (const field of saved.opaqueFields) this.keys.restoreOpaque(field);
    for (const { field, form } of saved.stringForms) this.keys.restoreStringForm(field, form);
    this.rebuildInsertSql();
  }

  /** Sets the table's notes of its fields back to what the catalog holds (after a rollback, store-schema.ts). */
  renote(noted: Pick<SavedSchema, 'opaqueFields' | 'stringForms'> | undefined): void {
    this.keys.renote(noted?.opaqueFields ?? new Set(), noted?.stringForms ?? []);
  }

  has(id: string): boolean {
    return this.statements.get(`SELECT 1 FROM ${this.qualified(this.table)} WHERE id = ?`).get(this.keys.idKey(id)) !== undefined;
  }

  /** Inserts are kept in the cache as their text, decoded if read (the tuning's `readAfterInsert`). */
  keepInserted(): void {
    this.keepsInserted = true;
  }

  // Every write forgets the document it touches first (document-cache.ts).
  insert(document: StoredDocument): void {
    this.cache.forget(this.name, document._id);
    const keys = this.keys.keysOf(document);
    const { doc, json } = this.rows.encoded(document, keys);
    this.guarded(() => this.statements.get(this.insertSql).run(this.keys.idKeyOf(document._id), doc, ...keys));
    if (this.keepsInserted) this.cache.keepText(this.name, document._id, json);
  }

  /**
   * Rewrites `previous` as `document`, setting only the key columns whose values moved (SQLite
   * rewrites every index over a column an UPDATE sets). One the cache held (read by id to be
   * updated: a kept total, a record in its lifecycle) is held again as written, to be read next.
   */
  replace(document: StoredDocument, previous: StoredDocument): void {
    const held = this.cache.forget(this.name, document._id);
    const keys = this.keys.keysOf(document);
    const before = this.keys.keysOf(previous);
    const columns = this.keys.columns();
    const moved = keys.flatMap((key, n) => (Object.is(key, before[n]) ? [] : [n]));
    const sql = `UPDATE ${this.qualified(this.table)} SET doc = ?${moved.map((n) => `, ${columns[n]} = ?`).join('')} WHERE id = ?`;
    const { doc, length } = this.rows.encoded(document, keys);
    this.guarded(() => this.statements.get(sql).run(doc, ...moved.map((n) => keys[n] as KeyValue), this.keys.idKey(document._id)));
    if (held) this.cache.keep(this.name, document, length);
  }

  delete(id: string): void {
    this.cache.forget(this.name, id);
    this.statements.get(`DELETE FROM ${this.qualified(this.table)} WHERE id = ?`).run(this.keys.idKey(id));
  }

  /** Every document's whole JSON text, in the table's own order (exports). */
  *texts(): Generator<string> {
    const sql = `SELECT ${this.rows.selected()} FROM ${this.qualified(this.table)} ORDER BY ${this.layout.storedOrder}`;
    for (const row of this.statements.get(sql).iterate()) yield this.rows.text(row as unknown as StoredRow);
  }

  /** Compresses text rows after the row whose id key is `after` (from the first when null, row-rewrites.ts). */
  compressRows(after: KeyValue, limit: number): { last: KeyValue; rewritten: number } {
    return compressTextRows(this.statements, this.qualified(this.table), this.rows, after, limit);
  }

  /** Documents matching the filter in the sort's order, skipping and stopping as asked; SQL narrows, the matcher decides. */
  select(filter: Filter, sort: SortSpec | undefined, skip: number, limit: number | undefined, bulk = false): Generator<StoredDocument> {
    return ((bulk && this.bulkReads) || this.reads).select(filter, sort, skip, limit);
  }

  first(filter: Filter, sort?: SortSpec): StoredDocument | null {
    return this.reads.first(filter, sort);
  }

  count(filter: Filter): number {
    return this.reads.count(filter);
  }

  /** Whether any document's TTL date is at or before `cutoff(seconds)` (a read, so an idle sweep writes nothing). */
  hasExpired(cutoff: (seconds: number) => KeyValue, datesFrom: KeyValue): boolean {
    for (const rule of this.keys.ttl()) {
      const statement = this.statements.get(`SELECT 1 FROM ${this.qualified(this.table)} WHERE ${rule.column} >= ? AND ${rule.column} <= ? LIMIT 1`);
      if (statement.get(datesFrom, cutoff(rule.seconds)) !== undefined) return true;
    }
    return false;
  }

  /** Deletes the documents whose TTL date is at or before `cutoff(seconds)`; returns how many. */
  deleteExpired(cutoff: (seconds: number) => KeyValue, datesFrom: KeyValue): number {
    let removed = 0;
    for (const rule of this.keys.ttl()) {
      const statement = this.statements.get(`DELETE FROM ${this.qualified(this.table)} WHERE ${rule.column} >= ? AND ${rule.column} <= ?`);
      removed += Number(statement.run(datesFrom, cutoff(rule.seconds)).changes);
    }
    if (removed > 0) this.cache.forgetTable(this.name);
    return removed;
  }

  /**
   * Declares indexes (run outside any batch, in its own transaction): new indexed fields get a
   * column, filled for the documents already stored, then the SQLite indexes are built. A unique
   * index the stored documents already violate is refused as `duplicate`.
   */
  ensureIndexes(specs: readonly IndexSpec[]): void {
    const fresh = specs.filter((spec) => !this.keys.declares(spec));
    if (fresh.length === 0) return;
    const before = this.keys.snapshot();
    const columnsBefore = this.keys.columns();
    try {
      for (const spec of fresh) {
        if (this.keys.has(spec.name)) this.dropIndex(spec.name);
        this.keys.adopt(spec);
      }
      const added = this.keys.columns().filter((column) => !columnsBefore.includes(column));
      for (const column of added) this.run(`ALTER TABLE ${this.qualified(this.table)} ADD COLUMN ${column}`);
      this.rebuildInsertSql();
      if (added.length > 0) fillKeyColumns(this.statements, this.qualified(this.table), this.rows, this.keys);
      for (const spec of fresh) {
        this.guarded(() => this.createIndex(spec));
        this.catalog?.saveIndex(this.name, spec);
      }
    } catch (error) {
      // The caller rolls the transaction back; the table's picture of its schema goes back with it.
      this.keys.restore(before);
      this.rebuildInsertSql();
      throw error;
    }
  }

  private createIndex(spec: IndexSpec): void {
    const fields = this.keys.indexColumns(spec);
    const partial = this.keys.partialColumn(spec.name);
    if (!spec.unique || partial) {
      // Every lookup index ends with the id, as pages are read in id order: an equality prefix
      // then serves both the filter and the order, and the planner never trades one for the other.
      // The id follows the last field's direction, as ties of a sort do (filter-sql.ts).
      const last = (fields.at(-1) as { direction: 1 | -1 }).direction;
      const ordered = fields.some(({ column }) => column === 'id') ? fields : [...fields, { column: 'id', direction: last }];
      const lookup = ordered.map(({ column, direction }) => `${column} ${ascendingOnDisk(ordered) || direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
      const where = spec.unique ? '' : this.keys.partialWhere(spec);
      this.run(`CREATE INDEX IF NOT EXISTS ${this.indexName(spec.name)} ON ${this.table} (${lookup})${where}`);
    }
    if (!spec.unique) return;
    // Two unique indexes, as MongoDB counts a missing key as one null value where SQLite lets
    // NULLs repeat: keys without a null (which also serves lookups, as equality implies NOT NULL),
    // and keys with one, compared through a stand-in (nearly always empty, so nearly free).
    const columns = fields.map(({ column }) => column);
    const scope = partial ? [`${partial} = 1`] : [];
    const complete = [...scope, columns.map((column) => `${column} IS NOT NULL`).join(' AND ')].join(' AND ');
    const withNull = [...scope, `(${columns.map((column) => `${column} IS NULL`).join(' OR ')})`].join(' AND ');
    this.run(`CREATE UNIQUE INDEX IF NOT EXISTS ${this.indexName(spec.name, '!unique')} ON ${this.table} (${columns.join(', ')}) WHERE ${complete}`);
    const standIns = columns.map((column) => `ifnull(${column}, ${NULL_KEY})`).join(', ');
    this.run(`CREATE UNIQUE INDEX IF NOT EXISTS ${this.indexName(spec.name, '!unique-null')} ON ${this.table} (${standIns}) WHERE ${withNull}`);
  }

  private dropIndex(name: string): void {
    for (const suffix of ['', '!unique', '!unique-null']) this.run(`DROP INDEX IF EXISTS ${this.indexName(name, suffix)}`);
    this.keys.forget(name);
  }

  private indexName(spec: string, suffix = ''): string {
    return this.qualified(quoted(`docs:${this.name}/${spec}${suffix}`));
  }

  private rebuildInsertSql(): void {
    const columns = this.keys.columns();
    const table = this.qualified(this.table);
    this.insertSql = `INSERT INTO ${table} (id, doc${columns.map((c) => `, ${c}`).join('')}) VALUES (?, ?${columns.map(() => ', ?').join('')})`;
  }

  private guarded(write: () => void): void {
    uniqueGuarded(write, (message) => this.keys.violatedIndex(message));
  }

  private qualified(object: string): string {
    return `${quoted(this.schema)}.${object}`;
  }

  private run(sql: string): void {
    this.statements.exec(sql);
  }
}
