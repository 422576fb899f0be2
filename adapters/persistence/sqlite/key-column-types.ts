import type { IndexSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { FilterColumn } from './filter-sql.ts';
import type { StringFormCatalog } from './packed-id-fields.ts';

/** What KeyColumns (key-columns.ts) keeps of a table's key columns, and where it notes its schema. */

export interface FieldColumn {
  readonly path: readonly string[];
  /** Quoted for SQL. */
  readonly column: string;
  /** As the table names it: `k:<field>` holds keys, `n:<field>` the codes of interned strings. */
  readonly name: string;
  readonly interned: boolean;
  readonly filter: FilterColumn;
  readonly literals: Set<string>;
  /** Some document holds an array or an object here: SQL no longer answers for this field. */
  opaque: boolean;
}

export interface PartialColumn {
  readonly column: string;
  readonly applies: (document: StoredDocument) => boolean;
}

export interface TtlRule {
  readonly column: string;
  readonly seconds: number;
}

/** Where a table keeps its schema between starts: the durable catalog, or nowhere for volatile collections. */
export interface SchemaCatalog extends StringFormCatalog {
  markOpaque(collection: string, field: string): void;
  saveIndex(collection: string, spec: IndexSpec): void;
}
