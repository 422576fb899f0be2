import { DomainError } from '../../../core/shared/domain-error.ts';
import type { Filter, IndexSpec, SortSpec, StoredDocument } from '../../../ports/persistence/collection-store.port.ts';
import { decodeDocument, encodeDocument } from './document-codec.ts';
import { compareBySort, compileFilter } from './document-matcher.ts';
import { filterToSql, sortToSql, type SqlFilter } from './filter-sql.ts';
import { indexedKey, OPAQUE, type KeyValue } from './index-keys.ts';
import { quoted, type Statements } from './statements.ts';

interface FieldColumn {
  readonly path: readonly string[];
  readonly column: string;
  /** Some document holds an array or an object here: SQL no longer answers for this field. */
  opaque: boolean;
}

interface PartialColumn {
  readonly column: string;
  readonly applies: (document: StoredDocument) => boolean;
}

export interface TtlRule {
  readonly column: string;
  readonly seconds: number;
}

/** What the catalog remembers of a collection between starts. */
export interface SavedSchema {
  readonly opaqueFields: ReadonlySet<string>;
  readonly indexes: readonly IndexSpec[];
}

/** Where a table keeps its schema: the durable catalog, or nowhere for volatile collections. */
export interface SchemaCatalog {
  markOpaque(collection: string, field: string): void;
  saveIndex(collection: string, spec: IndexSpec): void;
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
/** Unique keys compare null (or a missing field) as one value, as MongoDB does; SQLite would let NULLs repeat. */
const NULL_KEY = "x'00'";

const duplicate = (index: string) => new DomainError('duplicate', 'A resource with the same unique value already exists.', { index });

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
  private readonly fields = new Map<string, FieldColumn>();
  private readonly partials = new Map<string, PartialColumn>();
  private readonly specs = new Map<string, IndexSpec>();
  private readonly uniqueFields = new Set<string>();
  private readonly ttlRules = new Map<string, TtlRule>();
  private writeSql = { insert: '', update: '' };

  constructor(statements: Statements, schema: string, name: string, catalog: SchemaCatalog | null) {
    this.statements = statements;
    this.schema = schema;
    this.name = name;
    this.catalog = catalog;
    this.table = quoted(`docs:${name}`);
    this.run(`CREATE TABLE IF NOT EXISTS ${this.qualified(this.table)} (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL)`);
    this.rebuildWriteSql();
  }

  /** Restores the indexes and opaque fields a previous start declared, without reading documents. */
  restore(saved: SavedSchema): void {
    for (const spec of saved.indexes) this.adopt(spec);
    for (const field of saved.opaqueFields) {
      const column = this.fields.get(field);
      if (column) column.opaque = true;
    }
    this.rebuildWriteSql();
  }

  readonly columnOf = (field: string): string | null => {
    if (field === '_id') return 'id';
    const column = this.fields.get(field);
    return column && !column.opaque ? column.column : null;
  };

  has(id: string): boolean {
    return this.statements.get(`SELECT 1 FROM ${this.qualified(this.table)} WHERE id = ?`).get(id) !== undefined;
  }

  insert(document: StoredDocument): void {
    this.guarded(() => this.statements.get(this.writeSql.insert).run(document._id, encodeDocument(document), ...this.keysOf(document)));
  }

  replace(document: StoredDocument): void {
    this.guarded(() => this.statements.get(this.writeSql.update).run(encodeDocument(document), ...this.keysOf(document), document._id));
  }

  delete(id: string): void {
    this.statements.get(`DELETE FROM ${this.qualified(this.table)} WHERE id = ?`).run(id);
  }

  /** Documents matching the filter in the sort's order, skipping and stopping as asked; SQL narrows, the matcher decides. */
  *select(filter: Filter, sort: SortSpec | undefined, skip: number, limit: number | undefined): Generator<StoredDocument> {
    const sql = filterToSql(filter, this.columnOf);
    const order = sort ? sortToSql(sort, this.columnOf) : '';
    if (order === null) {
      yield* this.sortedInMemory(filter, sql, sort as SortSpec, skip, limit);
      return;
    }
    const from = `SELECT doc FROM ${this.qualified(this.table)} WHERE ${sql.where}${order ? ` ORDER BY ${order}` : ''}`;
    if (sql.exact) {
      const page = limit === undefined ? `${from} LIMIT -1 OFFSET ?` : `${from} LIMIT ? OFFSET ?`;
      const bounds = limit === undefined ? [skip] : [limit, skip];
      // all() over iterate(): the rows are all wanted, and one call costs far less than a row-by-row iterator.
      for (const row of this.statements.get(page).all(...sql.params, ...bounds)) yield this.decode(row);
      return;
    }
    const matches = compileFilter(filter);
    let skipped = 0;
    let taken = 0;
    for (const row of this.statements.get(from).iterate(...sql.params)) {
      if (limit !== undefined && taken >= limit) return;
      const document = this.decode(row);
      if (!matches(document)) continue;
      if (skipped < skip) skipped += 1;
      else {
        taken += 1;
        yield document;
      }
    }
  }

  /** The first matching document in the sort's order: one row read straight when SQL decides alone. */
  first(filter: Filter, sort?: SortSpec): StoredDocument | null {
    const sql = filterToSql(filter, this.columnOf);
    const order = sort ? sortToSql(sort, this.columnOf) : '';
    if (!sql.exact || order === null) {
      const [document] = this.select(filter, sort, 0, 1);
      return document ?? null;
    }
    const query = `SELECT doc FROM ${this.qualified(this.table)} WHERE ${sql.where}${order ? ` ORDER BY ${order}` : ''} LIMIT 1`;
    const row = this.statements.get(query).get(...sql.params);
    return row ? this.decode(row) : null;
  }

  count(filter: Filter): number {
    const sql = filterToSql(filter, this.columnOf);
    if (sql.exact) {
      const row = this.statements.get(`SELECT count(*) AS n FROM ${this.qualified(this.table)} WHERE ${sql.where}`).get(...sql.params);
      return Number((row as { n: number }).n);
    }
    let count = 0;
    for (const _ of this.select(filter, undefined, 0, undefined)) count += 1;
    return count;
  }

  /** Deletes the documents whose TTL date is at or before `cutoff(seconds)`; returns how many. */
  deleteExpired(cutoff: (seconds: number) => KeyValue, datesFrom: KeyValue): number {
    let removed = 0;
    for (const rule of this.ttlRules.values()) {
      const statement = this.statements.get(`DELETE FROM ${this.qualified(this.table)} WHERE ${rule.column} >= ? AND ${rule.column} <= ?`);
      removed += Number(statement.run(datesFrom, cutoff(rule.seconds)).changes);
    }
    return removed;
  }

  /**
   * Declares indexes (run outside any batch, in its own transaction): new indexed fields get a
   * column, filled for the documents already stored, then the SQLite indexes are built. A unique
   * index the stored documents already violate is refused as `duplicate`.
   */
  ensureIndexes(specs: readonly IndexSpec[]): void {
    const fresh = specs.filter((spec) => JSON.stringify(this.specs.get(spec.name)) !== JSON.stringify(spec));
    if (fresh.length === 0) return;
    const before = this.schemaState();
    try {
      for (const spec of fresh) {
        if (this.specs.has(spec.name)) this.dropIndex(spec.name);
        this.adopt(spec);
      }
      const added = this.keyColumns().filter((column) => !before.columns.includes(column));
      for (const column of added) this.run(`ALTER TABLE ${this.qualified(this.table)} ADD COLUMN ${column}`);
      this.rebuildWriteSql();
      if (added.length > 0) this.fillKeyColumns();
      for (const spec of fresh) {
        this.guarded(() => this.createIndex(spec));
        this.catalog?.saveIndex(this.name, spec);
      }
    } catch (error) {
      // The caller rolls the transaction back; the table's picture of its schema goes back with it.
      this.restoreSchemaState(before);
      throw error;
    }
  }

  private schemaState() {
    return {
      columns: this.keyColumns(),
      fields: new Map(this.fields),
      partials: new Map(this.partials),
      specs: new Map(this.specs),
      uniqueFields: new Set(this.uniqueFields),
      ttlRules: new Map(this.ttlRules),
    };
  }

  private restoreSchemaState(state: ReturnType<CollectionTable['schemaState']>): void {
    const restore = <K, V>(target: Map<K, V>, source: Map<K, V>) => {
      target.clear();
      for (const [key, value] of source) target.set(key, value);
    };
    restore(this.fields, state.fields);
    restore(this.partials, state.partials);
    restore(this.specs, state.specs);
    restore(this.ttlRules, state.ttlRules);
    this.uniqueFields.clear();
    for (const field of state.uniqueFields) this.uniqueFields.add(field);
    this.rebuildWriteSql();
  }

  private adopt(spec: IndexSpec): void {
    const keys = Object.keys(spec.keys).filter((field) => field !== '_id');
    for (const field of keys) {
      if (!this.fields.has(field)) this.fields.set(field, { path: field.split('.'), column: quoted(`k:${field}`), opaque: false });
      if (spec.unique) this.uniqueFields.add(field);
    }
    if (spec.unique && spec.partialFilterExpression) {
      this.partials.set(spec.name, { column: quoted(`p:${spec.name}`), applies: compileFilter(spec.partialFilterExpression) });
    }
    if (spec.expireAfterSeconds !== undefined && keys.length === 1) {
      this.ttlRules.set(spec.name, { column: (this.fields.get(keys[0] as string) as FieldColumn).column, seconds: spec.expireAfterSeconds });
    }
    this.specs.set(spec.name, spec);
  }

  private createIndex(spec: IndexSpec): void {
    const fields = Object.entries(spec.keys).map(([field, direction]) => ({
      column: field === '_id' ? 'id' : (this.fields.get(field) as FieldColumn).column,
      direction,
    }));
    const partial = this.partials.get(spec.name);
    if (!spec.unique || partial) {
      // Every lookup index ends with the id, as pages are read in id order: an equality prefix
      // then serves both the filter and the order, and the planner never trades one for the other.
      const ordered = fields.some(({ column }) => column === 'id') ? fields : [...fields, { column: 'id', direction: 1 }];
      const lookup = ordered.map(({ column, direction }) => `${column} ${direction === -1 ? 'DESC' : 'ASC'}`).join(', ');
      this.run(`CREATE INDEX IF NOT EXISTS ${this.indexName(spec.name)} ON ${this.table} (${lookup})`);
    }
    if (!spec.unique) return;
    // Two unique indexes, as MongoDB counts a missing key as one null value where SQLite lets
    // NULLs repeat: keys without a null (which also serves lookups, as equality implies NOT NULL),
    // and keys with one, compared through a stand-in (nearly always empty, so nearly free).
    const columns = fields.map(({ column }) => column);
    const scope = partial ? [`${partial.column} = 1`] : [];
    const complete = [...scope, columns.map((column) => `${column} IS NOT NULL`).join(' AND ')].join(' AND ');
    const withNull = [...scope, `(${columns.map((column) => `${column} IS NULL`).join(' OR ')})`].join(' AND ');
    this.run(`CREATE UNIQUE INDEX IF NOT EXISTS ${this.indexName(spec.name, '!unique')} ON ${this.table} (${columns.join(', ')}) WHERE ${complete}`);
    const standIns = columns.map((column) => `ifnull(${column}, ${NULL_KEY})`).join(', ');
    this.run(`CREATE UNIQUE INDEX IF NOT EXISTS ${this.indexName(spec.name, '!unique-null')} ON ${this.table} (${standIns}) WHERE ${withNull}`);
  }

  private dropIndex(name: string): void {
    for (const suffix of ['', '!unique', '!unique-null']) this.run(`DROP INDEX IF EXISTS ${this.indexName(name, suffix)}`);
    this.ttlRules.delete(name);
    this.partials.delete(name);
  }

  private indexName(spec: string, suffix = ''): string {
    return this.qualified(quoted(`docs:${this.name}/${spec}${suffix}`));
  }

  /** The declared index a unique violation names: SQLite names an index on expressions, or the columns of one on columns. */
  private violatedIndex(message: string): string {
    const named = /index '[^/']*\/([^!']*)!/.exec(message)?.[1];
    if (named) return named;
    const columns = message
      .slice(message.indexOf('failed: ') + 'failed: '.length)
      .split(', ')
      .map((column) => column.slice(column.indexOf('.') + 1));
    if (columns.length === 1 && columns[0] === 'id') return '_id_';
    for (const [name, spec] of this.specs) {
      const declared = Object.keys(spec.keys).map((field) => (field === '_id' ? 'id' : `k:${field}`));
      if (spec.unique && declared.join('\u0000') === columns.join('\u0000')) return name;
    }
    return 'unknown';
  }

  /** Recomputes every key column of every stored document, a thousand rows at a time. */
  private fillKeyColumns(): void {
    const page = this.statements.get(`SELECT rowid AS r, doc FROM ${this.qualified(this.table)} WHERE rowid > ? ORDER BY rowid LIMIT 1000`);
    const columns = this.keyColumns();
    const fill = this.statements.get(`UPDATE ${this.qualified(this.table)} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE rowid = ?`);
    let after = 0;
    for (;;) {
      const rows = page.all(after) as Array<{ r: number; doc: string }>;
      if (rows.length === 0) return;
      for (const row of rows) fill.run(...this.keysOf(decodeDocument<StoredDocument>(row.doc)), row.r);
      after = (rows.at(-1) as { r: number }).r;
    }
  }

  /** A document's key column values, in `keyColumns()` order; marks fields that turn opaque. */
  private keysOf(document: StoredDocument): KeyValue[] {
    const values: KeyValue[] = [];
    for (const [field, column] of this.fields) {
      const key = indexedKey(document, column.path);
      if (key !== OPAQUE) {
        values.push(key);
        continue;
      }
      if (this.uniqueFields.has(field)) {
        throw new Error(`The embedded store cannot keep a unique index over '${field}' when it holds an array or an object (collection ${this.name}).`);
      }
      if (!column.opaque) {
        column.opaque = true;
        this.catalog?.markOpaque(this.name, field);
      }
      values.push(null);
    }
    for (const partial of this.partials.values()) values.push(partial.applies(document) ? 1 : null);
    return values;
  }

  private keyColumns(): string[] {
    return [...[...this.fields.values()].map((field) => field.column), ...[...this.partials.values()].map((partial) => partial.column)];
  }

  private rebuildWriteSql(): void {
    const columns = this.keyColumns();
    const table = this.qualified(this.table);
    this.writeSql = {
      insert: `INSERT INTO ${table} (id, doc${columns.map((c) => `, ${c}`).join('')}) VALUES (?, ?${columns.map(() => ', ?').join('')})`,
      update: `UPDATE ${table} SET doc = ?${columns.map((c) => `, ${c} = ?`).join('')} WHERE id = ?`,
    };
  }

  private *sortedInMemory(filter: Filter, sql: SqlFilter, sort: SortSpec, skip: number, limit: number | undefined): Generator<StoredDocument> {
    const matches = sql.exact ? () => true : compileFilter(filter);
    const all: StoredDocument[] = [];
    for (const row of this.statements.get(`SELECT doc FROM ${this.qualified(this.table)} WHERE ${sql.where}`).iterate(...sql.params)) {
      const document = this.decode(row);
      if (matches(document)) all.push(document);
    }
    all.sort(compareBySort(sort));
    yield* all.slice(skip, limit === undefined ? undefined : skip + limit);
  }

  private decode(row: unknown): StoredDocument {
    return decodeDocument<StoredDocument>((row as { doc: string }).doc);
  }

  /** Unique index violations become the domain's `duplicate`, naming the index as MongoDB does. */
  private guarded(write: () => void): void {
    try {
      write();
    } catch (error) {
      const { errcode, message } = error as { errcode?: number; message?: string };
      if (errcode === SQLITE_CONSTRAINT_PRIMARYKEY) throw duplicate('_id_');
      if (errcode === SQLITE_CONSTRAINT_UNIQUE) throw duplicate(this.violatedIndex(message ?? ''));
      throw error;
    }
  }

  private qualified(object: string): string {
    return `${quoted(this.schema)}.${object}`;
  }

  private run(sql: string): void {
    this.statements.exec(sql);
  }
}
