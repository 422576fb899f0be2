import type { Filter, IndexSpec, SortSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { encodeDocument } from './document-codec.ts';
import { columnOf, partialConditions, type FilterColumn } from './filter-sql.ts';
import type { IndexCatalog } from './index-catalog.ts';
import { indexableField, keyExpression, opaqueAt, type KeyValue } from './index-keys.ts';
import { quoted, type Statements } from './statements.ts';
import { TableReads } from './table-reads.ts';
import { uniqueGuarded, violatedIndexName } from './unique-violations.ts';

/** Unique keys compare null (or a missing field) as one value, as MongoDB does; SQLite would let NULLs repeat. */
const NULL_KEY = "x'00'";

/**
 * One collection as one SQLite table: the document as JSON text in `doc`, its `_id` in `id`, and
 * for each indexed field a virtual column SQLite computes from the JSON (index-keys.ts), so that
 * declared indexes are SQLite indexes on those columns and filters on indexed fields run as SQL.
 */
export class CollectionTable {
  readonly name: string;
  private readonly statements: Statements;
  private readonly schema: string;
  private readonly table: string;
  /** Null for a volatile table (in memory): nothing of it is noted for the next start. */
  private readonly catalog: IndexCatalog | null;
  private specs = new Map<string, IndexSpec>();
  private opaque = new Set<string>();
  /** The fields with a key column. */
  private readonly keyed = new Set<string>();
  /** Strings a partial index fixes, by field (an equality writes them into the SQL, so the partial index is used). */
  private literals = new Map<string, Set<string>>();
  private readonly reads: TableReads;
  /** The same reads through the connection for reads in bulk (bulk-reads.ts); null when the store has none. */
  private readonly bulkReads: TableReads | null;

  constructor(statements: Statements, schema: string, name: string, catalog: IndexCatalog | null, bulk: Statements | null) {
    this.statements = statements;
    this.schema = schema;
    this.name = name;
    this.catalog = catalog;
    this.table = quoted(`docs:${name}`);
    statements.exec(`CREATE TABLE IF NOT EXISTS ${this.qualified(this.table)} (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL)`);
    this.renote(this.specs);
    const keys = { filterColumnOf: (field: string) => this.filterColumnOf(field), uniqueIndexes: () => this.uniqueIndexes() };
    this.reads = new TableReads(statements, keys, this.qualified(this.table));
    this.bulkReads = bulk ? new TableReads(bulk, keys, this.qualified(this.table)) : null;
  }

  has(id: string): boolean {
    return this.statements.get(`SELECT 1 FROM ${this.qualified(this.table)} WHERE id = ?`).get(id) !== undefined;
  }

  insert(document: StoredDocument): void {
    this.noteOpaque(document);
    const sql = `INSERT INTO ${this.qualified(this.table)} (id, doc) VALUES (?, ?)`;
    this.guarded(() => this.statements.get(sql).run(document._id, encodeDocument(document)));
  }

  replace(document: StoredDocument): void {
    this.noteOpaque(document);
    const sql = `UPDATE ${this.qualified(this.table)} SET doc = ? WHERE id = ?`;
    this.guarded(() => this.statements.get(sql).run(encodeDocument(document), document._id));
  }

  delete(id: string): void {
    this.statements.get(`DELETE FROM ${this.qualified(this.table)} WHERE id = ?`).run(id);
  }

  /** Documents matching the filter in the sort's order, skipping and stopping as asked. */
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
    return this.ttl().some(({ column, seconds }) => {
      const sql = `SELECT 1 FROM ${this.qualified(this.table)} WHERE ${column} >= ? AND ${column} <= ? LIMIT 1`;
      return this.statements.get(sql).get(datesFrom, cutoff(seconds)) !== undefined;
    });
  }

  /** Deletes the documents whose TTL date is at or before `cutoff(seconds)`; returns how many. */
  deleteExpired(cutoff: (seconds: number) => KeyValue, datesFrom: KeyValue): number {
    return this.ttl().reduce((removed, { column, seconds }) => {
      const sql = `DELETE FROM ${this.qualified(this.table)} WHERE ${column} >= ? AND ${column} <= ?`;
      return removed + Number(this.statements.get(sql).run(datesFrom, cutoff(seconds)).changes);
    }, 0);
  }

  /**
   * Declares indexes, in a transaction of its own (`transaction`): new indexed fields get their
   * virtual column, then the SQLite indexes are built over what is stored. A unique index the
   * stored documents already violate is refused as `duplicate`, and nothing of it is kept.
   */
  ensureIndexes(specs: readonly IndexSpec[], transaction: (work: () => void) => void): void {
    const fresh = specs.filter((spec) => JSON.stringify(this.specs.get(spec.name)) !== JSON.stringify(spec));
    if (fresh.length === 0) return;
    let kept = new Map(this.specs);
    try {
      transaction(() => {
        for (const spec of fresh) this.declareIndex(spec);
      });
      kept = this.specs;
    } finally {
      // Rolled back or not, the table's picture of its columns and indexes is read again from what is now kept.
      this.renote(kept);
    }
  }

  private declareIndex(spec: IndexSpec): void {
    const fields = new Set([...Object.keys(spec.keys), ...partialConditions(spec).map(({ field }) => field)].filter((field) => field !== '_id'));
    if (![...fields].every(indexableField)) throw new Error(`Index '${spec.name}' names a field an index cannot hold.`);
    if (this.specs.has(spec.name)) this.dropIndex(spec.name);
    for (const field of [...fields].filter((field) => !this.keyed.has(field))) this.addKeyColumn(field);
    this.guarded(() => this.createIndex(spec));
    this.specs.set(spec.name, spec);
    this.catalog?.saveIndex(this.name, spec);
  }

  private addKeyColumn(field: string): void {
    this.statements.exec(`ALTER TABLE ${this.qualified(this.table)} ADD COLUMN ${columnOf(field)} AS (${keyExpression(field)}) VIRTUAL`);
    this.keyed.add(field);
    // Documents stored before the index may hold what a key cannot express: looked for once, here.
    const sql = `SELECT 1 FROM ${this.qualified(this.table)} WHERE ${columnOf(field)} = x'ff' LIMIT 1`;
    if (this.statements.get(sql).get() !== undefined) this.markOpaque(field);
  }

  private createIndex(spec: IndexSpec): void {
    const fields = Object.entries(spec.keys).map(([field, direction]) => ({ column: columnOf(field), direction }));
    const scope = partialConditions(spec).map(({ sql }) => sql);
    if (!spec.unique || scope.length > 0) {
      // Every lookup index ends with the id, as pages are read in id order: an equality prefix then
      // serves both the filter and the order. Kept ascending when only its last fields descend:
      // SQLite walks it backwards for them, and growing keys then fill its pages whole.
      const last = (fields.at(-1) as { direction: 1 | -1 }).direction;
      const ordered = fields.some(({ column }) => column === 'id') ? fields : [...fields, { column: 'id', direction: last }];
      const firstDescending = ordered.findIndex(({ direction }) => direction === -1);
      const ascending = firstDescending === -1 || ordered.slice(firstDescending).every(({ direction }) => direction === -1);
      const lookup = ordered.map(({ column, direction }) => `${column} ${ascending || direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
      const where = spec.unique || scope.length === 0 ? '' : ` WHERE ${scope.join(' AND ')}`;
      this.statements.exec(`CREATE INDEX IF NOT EXISTS ${this.indexName(spec.name)} ON ${this.table} (${lookup})${where}`);
    }
    if (!spec.unique) return;
    // Two unique indexes, as MongoDB counts a missing key as one null value where SQLite lets
    // NULLs repeat: keys without a null (which also serves lookups), and keys with one, compared
    // through a stand-in (nearly always empty, so nearly free).
    const columns = fields.map(({ column }) => column);
    const complete = [...scope, columns.map((column) => `${column} IS NOT NULL`).join(' AND ')].join(' AND ');
    const withNull = [...scope, `(${columns.map((column) => `${column} IS NULL`).join(' OR ')})`].join(' AND ');
    this.statements.exec(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${this.indexName(spec.name, '!unique')} ON ${this.table} (${columns.join(', ')}) WHERE ${complete}`,
    );
    const standIns = columns.map((column) => `ifnull(${column}, ${NULL_KEY})`).join(', ');
    this.statements.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${this.indexName(spec.name, '!unique-null')} ON ${this.table} (${standIns}) WHERE ${withNull}`);
  }

  private dropIndex(name: string): void {
    for (const suffix of ['', '!unique', '!unique-null']) this.statements.exec(`DROP INDEX IF EXISTS ${this.indexName(name, suffix)}`);
    this.specs.delete(name);
  }

  private indexName(spec: string, suffix = ''): string {
    return this.qualified(quoted(`docs:${this.name}/${spec}${suffix}`));
  }

  private filterColumnOf(field: string): FilterColumn | null {
    if (field === '_id') return { name: 'id' };
    if (!this.keyed.has(field) || this.opaque.has(field)) return null;
    const literals = this.literals.get(field);
    return literals ? { name: columnOf(field), literals } : { name: columnOf(field) };
  }

  private uniqueIndexes(): string[][] {
    return [['_id'], ...[...this.specs.values()].filter((spec) => spec.unique && !spec.partialFilterExpression).map((spec) => Object.keys(spec.keys))];
  }

  private ttl(): Array<{ column: string; seconds: number }> {
    return [...this.specs.values()].flatMap((spec) => {
      const [field, ...more] = Object.keys(spec.keys);
      return spec.expireAfterSeconds === undefined || !field || more.length > 0 ? [] : [{ column: columnOf(field), seconds: spec.expireAfterSeconds }];
    });
  }

  /** A field that holds an array or an object in some document is answered by the matcher from then on. */
  private noteOpaque(document: StoredDocument): void {
    for (const field of this.keyed) if (!this.opaque.has(field) && opaqueAt(document, field)) this.markOpaque(field);
  }

  private markOpaque(field: string): void {
    this.opaque.add(field);
    this.catalog?.markOpaque(this.name, field);
  }

  /**
   * Reads back the table's key columns and what the catalog notes of it (at the start, and after a
   * declaration); a volatile table, noted nowhere, keeps `specs` (those before a declaration that
   * failed, those after one that succeeded).
   */
  private renote(specs: Map<string, IndexSpec>): void {
    this.keyed.clear();
    for (const { name: column } of this.statements.get(`PRAGMA ${quoted(this.schema)}.table_xinfo(${this.table})`).all() as Array<{ name: string }>) {
      if (column.startsWith('k:')) this.keyed.add(column.slice(2));
    }
    this.specs = specs;
    const notes = this.catalog?.notesOf(this.name);
    if (notes) {
      this.specs = notes.indexes;
      // A field noted within a rolled-back write stays noted in memory: the matcher answers for it, which is never wrong.
      for (const field of notes.opaqueFields) this.opaque.add(field);
    }
    this.renoteLiterals();
  }

  private renoteLiterals(): void {
    this.literals = new Map();
    for (const spec of this.specs.values()) {
      for (const { field, fixed } of partialConditions(spec)) {
        if (fixed !== undefined) this.literals.set(field, (this.literals.get(field) ?? new Set()).add(fixed));
      }
    }
  }

  private guarded(write: () => void): void {
    uniqueGuarded(write, (message) => violatedIndexName(message, this.specs, (field) => `k:${field}`));
  }

  private qualified(object: string): string {
    return `${quoted(this.schema)}.${object}`;
  }
}
