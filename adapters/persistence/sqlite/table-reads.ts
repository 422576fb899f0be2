import type { Filter, SortSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { DocumentCache } from './document-cache.ts';
import { compareBySort, compileFilter } from './document-matcher.ts';
import { filterToSql, sortToSql, type SqlFilter } from './filter-sql.ts';
import type { KeyColumns } from './key-columns.ts';
import { holds, pinOf, type Pin } from './pinned-filter.ts';
import type { Statements } from './statements.ts';
import type { StoredRow, StoredRows } from './stored-rows.ts';
import { idOfKey } from './packed-ids.ts';

interface Plan {
  readonly sql: SqlFilter;
  /** ORDER BY terms; null when SQL cannot sort by those fields. */
  readonly order: string | null;
}

/**
 * The reads of one collection's table: SQL narrows (filter-sql.ts), the matcher decides what SQL
 * cannot, and a filter naming one document by its id or a unique key is answered from the
 * DocumentCache when it can be.
 */
export class TableReads {
  private readonly statements: Statements;
  private readonly keys: KeyColumns;
  private readonly rows: StoredRows;
  private readonly cache: DocumentCache;
  /** The table's qualified SQL name. */
  private readonly from: string;
  /** The table's name in the cache. */
  private readonly name: string;
  /**
   * Rows a query finds are taken from the cache when it holds their document (decoded already, or
   * kept as written): not on the connection for reads in bulk, which sees only what is committed.
   */
  private readonly rowsFromCache: boolean;

  constructor(statements: Statements, keys: KeyColumns, rows: StoredRows, cache: DocumentCache, from: string, name: string, rowsFromCache: boolean) {
    this.statements = statements;
    this.keys = keys;
    this.rows = rows;
    this.cache = cache;
    this.from = from;
    this.name = name;
    this.rowsFromCache = rowsFromCache;
  }

  /** Documents matching the filter in the sort's order, skipping and stopping as asked. */
  select(filter: Filter, sort: SortSpec | undefined, skip: number, limit: number | undefined): Generator<StoredDocument> {
    return this.matching(filter, this.plan(filter, sort), sort, skip, limit);
  }

  /** The first matching document in the sort's order: one row read straight when SQL decides alone. */
  first(filter: Filter, sort?: SortSpec): StoredDocument | null {
    const pin = pinOf(filter, this.keys.uniqueIndexes());
    if (pin) return this.pinned(pin, filter);
    const plan = this.plan(filter, sort);
    if (!plan.sql.exact || plan.order === null) {
      const [document] = this.matching(filter, plan, sort, 0, 1);
      return document ?? null;
    }
    const row = this.statements.get(`${this.documentsWhere(plan.sql.where, plan.order)} LIMIT 1`).get(...plan.sql.params);
    return row ? this.decode(row) : null;
  }

  count(filter: Filter): number {
    const sql = filterToSql(filter, this.keys.filterColumnOf);
    if (sql.exact) {
      const row = this.statements.get(`SELECT count(*) AS n FROM ${this.from} WHERE ${sql.where}`).get(...sql.params);
      const counted = Number((row as { n: number }).n);
      // Counting walks as many index entries as it counts.
      this.statements.rowsRead += counted;
      return counted;
    }
    let count = 0;
    for (const _ of this.select(filter, undefined, 0, undefined)) count += 1;
    return count;
  }

  /** The one document a pinned filter can match: found by its pin (cached or read and kept), then checked whole. */
  private pinned(pin: Pin, filter: Filter): StoredDocument | null {
    const candidate = 'id' in pin ? this.byId(pin.id) : this.byUniqueKey(pin);
    if (!candidate) return null;
    return holds(candidate, filter) || compileFilter(filter)(candidate) ? candidate : null;
  }

  private byId(id: string): StoredDocument | null {
    const cached = this.cache.get(this.name, id) ?? this.cache.insertedLately(this.name, id, true);
    if (cached) return cached;
    const row = this.statements.get(`SELECT ${this.rows.selected()} FROM ${this.from} WHERE id = ?`).get(this.keys.idKey(id)) as StoredRow | undefined;
    return row ? this.kept(row) : null;
  }

  private byUniqueKey(pin: Extract<Pin, { key: string }>): StoredDocument | null {
    const id = this.cache.aliasOf(this.name, pin.key);
    const cached = id === undefined ? undefined : this.cache.get(this.name, id);
    // The alias is a hint: the document it names may have taken another key since.
    if (cached && holds(cached, pin.fields)) return cached;
    const sql = filterToSql(pin.fields, this.keys.filterColumnOf);
    const row = this.statements.get(`${this.documentsWhere(sql.where)} LIMIT 1`).get(...sql.params) as StoredRow | undefined;
    if (!row) return null;
    const document = this.kept(row);
    this.cache.alias(this.name, pin.key, document._id);
    return document;
  }

  private plan(filter: Filter, sort: SortSpec | undefined): Plan {
    return {
      sql: filterToSql(filter, this.keys.filterColumnOf),
      order: sort ? sortToSql(sort, this.keys.orderColumnOf, this.sortsUniquely(filter, sort)) : '',
    };
  }

  /** Whether a unique index's fields are all sorted on or fixed by a plain equality of the filter. */
  private sortsUniquely(filter: Filter, sort: SortSpec): boolean {
    const fixed = (field: string) => field in sort || (field in filter && (typeof filter[field] === 'string' || typeof filter[field] === 'number'));
    return this.keys.uniqueIndexes().some((fields) => fields.every(fixed));
  }

  private documentsWhere(where: string, order = ''): string {
    return `SELECT ${this.rows.selected()} FROM ${this.from} WHERE ${where}${order ? ` ORDER BY ${order}` : ''}`;
  }

  private *matching(filter: Filter, { sql, order }: Plan, sort: SortSpec | undefined, skip: number, limit: number | undefined): Generator<StoredDocument> {
    if (order === null) {
      yield* this.sortedInMemory(filter, sql, sort as SortSpec, skip, limit);
      return;
    }
    const from = this.documentsWhere(sql.where, order);
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

  private *sortedInMemory(filter: Filter, sql: SqlFilter, sort: SortSpec, skip: number, limit: number | undefined): Generator<StoredDocument> {
    const matches = sql.exact ? () => true : compileFilter(filter);
    const all: StoredDocument[] = [];
    for (const row of this.statements.get(this.documentsWhere(sql.where)).iterate(...sql.params)) {
      const document = this.decode(row);
      if (matches(document)) all.push(document);
    }
    all.sort(compareBySort(sort));
    yield* all.slice(skip, limit === undefined ? undefined : skip + limit);
  }

  /** A row read by its id or a unique key, decoded and kept in the cache. */
  private kept(row: StoredRow): StoredDocument {
    this.statements.rowsRead += 1;
    const { document, length } = this.rows.read(row);
    return this.cache.keep(this.name, document, length);
  }

  private decode(row: unknown): StoredDocument {
    this.statements.rowsRead += 1;
    const stored = row as StoredRow;
    if (!this.rowsFromCache) return this.rows.decode(stored);
    const id = idOfKey(stored.id);
    return this.cache.get(this.name, id) ?? this.cache.insertedLately(this.name, id, false) ?? this.rows.decode(stored);
  }
}
