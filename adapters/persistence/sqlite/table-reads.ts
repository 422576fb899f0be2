import type { Filter, SortSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { decodeDocument } from './document-codec.ts';
import { filterToSql, sortToSql, type FilterColumn, type SqlFilter } from './filter-sql.ts';
import { compareBySort, matcherOf } from './mingo-query.ts';
import type { Statements } from './statements.ts';

/** What the reads need to know of a table's key columns (collection-table.ts). */
export interface KeyColumnsOf {
  /** A field's column when SQL can answer for it, else null. */
  readonly filterColumnOf: (field: string) => FilterColumn | null;
  /** The fields of each unique index. */
  readonly uniqueIndexes: () => ReadonlyArray<readonly string[]>;
}

interface Plan {
  readonly sql: SqlFilter;
  /** ORDER BY terms; null when SQL cannot sort by those fields. */
  readonly order: string | null;
}

/** The reads of one collection's table: SQL narrows (filter-sql.ts), mingo decides what SQL cannot. */
export class TableReads {
  private readonly statements: Statements;
  private readonly keys: KeyColumnsOf;
  /** The table's qualified SQL name. */
  private readonly from: string;

  constructor(statements: Statements, keys: KeyColumnsOf, from: string) {
    this.statements = statements;
    this.keys = keys;
    this.from = from;
  }

  /** Documents matching the filter in the sort's order, skipping and stopping as asked. */
  select(filter: Filter, sort: SortSpec | undefined, skip: number, limit: number | undefined): Generator<StoredDocument> {
    return this.matching(filter, this.plan(filter, sort, limit === undefined), sort, skip, limit);
  }

  /** The first matching document in the sort's order: one row read straight when SQL decides alone. */
  first(filter: Filter, sort?: SortSpec): StoredDocument | null {
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

  /**
   * `everyMatch`: the read wants every match (no limit). Then a filter naming its records by a list
   * of keys has them sorted (`+` keeps SQLite from taking the order from an index): on sampled
   * statistics (`analysis_limit`) the planner takes an organization for a thousand rows, and would
   * rather walk all of its index in order than look the list up, as a bordereau's batch of 200
   * policies' commissions walked every commission of the book.
   */
  private plan(filter: Filter, sort: SortSpec | undefined, everyMatch = false): Plan {
    const sql = filterToSql(filter, this.keys.filterColumnOf);
    const sorted = everyMatch && sql.listed;
    const orderColumnOf = (field: string) => {
      const name = this.keys.filterColumnOf(field)?.name ?? null;
      return name !== null && sorted ? `+${name}` : name;
    };
    return { sql, order: sort ? sortToSql(sort, orderColumnOf, this.sortsUniquely(filter, sort)) : '' };
  }

  /** Whether a unique index's fields are all sorted on or fixed by a plain equality of the filter (no tiebreaker needed). */
  private sortsUniquely(filter: Filter, sort: SortSpec): boolean {
    const fixed = (field: string) => field in sort || (field in filter && (typeof filter[field] === 'string' || typeof filter[field] === 'number'));
    return this.keys.uniqueIndexes().some((fields) => fields.every(fixed));
  }

  private documentsWhere(where: string, order = ''): string {
    return `SELECT doc FROM ${this.from} WHERE ${where}${order ? ` ORDER BY ${order}` : ''}`;
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
    const matches = matcherOf(filter);
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
    const matches = sql.exact ? () => true : matcherOf(filter);
    const all: StoredDocument[] = [];
    for (const row of this.statements.get(this.documentsWhere(sql.where)).iterate(...sql.params)) {
      const document = this.decode(row);
      if (matches(document)) all.push(document);
    }
    all.sort(compareBySort(sort));
    yield* all.slice(skip, limit === undefined ? undefined : skip + limit);
  }

  private decode(row: unknown): StoredDocument {
    this.statements.rowsRead += 1;
    return decodeDocument((row as { doc: string }).doc);
  }
}
