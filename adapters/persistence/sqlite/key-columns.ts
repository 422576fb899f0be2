import type { IndexSpec, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { compileFilter } from './document-matcher.ts';
import { constantLiteral, type FilterColumn } from './filter-sql.ts';
import { indexedKey, OPAQUE, type KeyValue } from './index-keys.ts';
import { markedFieldsOf, type MarkedField } from './key-field-marks.ts';
import type { InternedValues } from './interned-values.ts';
import type { FieldColumn, PartialColumn, SchemaCatalog, TtlRule } from './key-column-types.ts';
import { PackedIdFields, type StringForm } from './packed-id-fields.ts';
import { packedKey } from './packed-ids.ts';
import { quoted } from './statements.ts';
import { violatedIndexName } from './unique-violations.ts';
import type { OrgColumn } from './stored-rows.ts';

/**
 * Fields whose strings are interned in the key columns of new tables: the tenant's id, in nearly
 * every index entry of the store, with few distinct values.
 */
const INTERNED_FIELDS: ReadonlySet<string> = new Set(['orgId']);
type State = ReturnType<KeyColumns['snapshot']>;

/**
 * The key columns of one collection's table, from its declared indexes: one per indexed field
 * (its key, see index-keys.ts), one per partial unique index (whether a document is in it), and
 * the TTL rules over them. Computes a document's column values on every write.
 */
export class KeyColumns {
  private readonly collection: string;
  private readonly catalog: SchemaCatalog | null;
  /** The key columns the table already has: a field keeps the kind of column it was given first. */
  private readonly existing: ReadonlySet<string>;
  private readonly interned: InternedValues;
  /** Whether the table keeps strings of the platform's id form packed, and where it has (packed-ids.ts). */
  private readonly packedIds: PackedIdFields;
  private readonly idColumn: FilterColumn;
  private readonly fields = new Map<string, FieldColumn>();
  private readonly partials = new Map<string, PartialColumn>();
  private readonly specs = new Map<string, IndexSpec>();
  private readonly uniqueFields = new Set<string>();
  private readonly ttlRules = new Map<string, TtlRule>();
  private pinning: string[][] | null = null;
  private marked: MarkedField[] | null = null;

  constructor(collection: string, catalog: SchemaCatalog | null, existing: ReadonlySet<string>, interned: InternedValues, packsIds: boolean) {
    this.collection = collection;
    this.catalog = catalog;
    this.existing = existing;
    this.interned = interned;
    this.packedIds = new PackedIdFields(collection, catalog, packsIds);
    this.idColumn = this.packedIds.column('id', '_id');
  }

  /** A field's column to filter on, or null when SQL cannot answer for it. */
  readonly filterColumnOf = (field: string): FilterColumn | null => {
    if (field === '_id') return this.idColumn;
    const column = this.fields.get(field);
    if (!column || column.opaque) return null;
    return column.filter;
  };

  /** The column of the organization's id, if the table keeps one (stored-rows.ts). */
  readonly orgColumn = (): OrgColumn | null => {
    const column = this.fields.get('orgId');
    return column ? { column: column.column, interned: column.interned, opaque: column.opaque } : null;
  };

  /** A field's column to order by, or null when SQL cannot (codes do not sort as their strings). */
  readonly orderColumnOf = (field: string): string | null => {
    if (field === '_id') return 'id';
    const column = this.fields.get(field);
    return column && !column.opaque && !column.interned ? column.column : null;
  };

  /** Every key column, in the order `keysOf` gives values. */
  columns(): string[] {
    return [...[...this.fields.values()].map((field) => field.column), ...[...this.partials.values()].map((partial) => partial.column)];
  }

  /** The fields whose strings a document's text leaves to their key columns (key-field-marks.ts). */
  markedFields(): readonly MarkedField[] {
    return (this.marked ??= markedFieldsOf(this.fields));
  }

  /** The fields of each unique index that pins a document by plain top-level values (pinned-filter.ts). */
  uniqueIndexes(): ReadonlyArray<readonly string[]> {
    this.pinning ??= [...this.specs.values()]
      .filter((spec) => spec.unique && !spec.partialFilterExpression)
      .map((spec) => Object.keys(spec.keys))
      .filter((fields) => fields.every((field) => field !== '_id' && !field.includes('.')));
    return this.pinning;
  }

  declares(spec: IndexSpec): boolean {
    return JSON.stringify(declaration(this.specs.get(spec.name))) === JSON.stringify(spec);
  }

  has(name: string): boolean {
    return this.specs.has(name);
  }

  adopt(spec: IndexSpec): void {
    const keys = Object.keys(spec.keys).filter((field) => field !== '_id');
    for (const field of keys) {
      if (!this.fields.has(field)) this.fields.set(field, this.newColumn(field));
      if (spec.unique) this.uniqueFields.add(field);
    }
    if (spec.unique && spec.partialFilterExpression) {
      this.partials.set(spec.name, { column: quoted(`p:${spec.name}`), applies: compileFilter(spec.partialFilterExpression) });
    }
    for (const [field, value] of Object.entries(spec.partialFilterExpression ?? {}))
      if (typeof value === 'string' && !spec.unique) this.fields.get(field)?.literals.add(value);
    if (spec.expireAfterSeconds !== undefined && keys.length === 1) {
      this.ttlRules.set(spec.name, { column: (this.fields.get(keys[0] as string) as FieldColumn).column, seconds: spec.expireAfterSeconds });
    }
    this.specs.set(spec.name, spec);
    this.pinning = null;
    this.marked = null;
  }

  private newColumn(field: string): FieldColumn {
    const interned = INTERNED_FIELDS.has(field) && !this.existing.has(`k:${field}`);
    const name = `${interned ? 'n' : 'k'}:${field}`;
    const column = quoted(name);
    const literals = new Set<string>();
    const filter = interned
      ? { name: column, codeOf: (value: string) => this.interned.existingCode(value), literals }
      : this.packedIds.column(column, field, literals);
    return { path: field.split('.'), column, name, interned, filter, literals, opaque: false };
  }

  /** An index about to be declared again differently: its TTL rule and partial column no longer hold. */
  forget(name: string): void {
    this.ttlRules.delete(name);
    this.partials.delete(name);
    this.pinning = null;
  }

  /** A field a previous start found holding an array or an object. */
  restoreOpaque(field: string): void {
    const column = this.fields.get(field);
    if (column) column.opaque = true;
  }

  /** Sets what the table has noted of its fields back to the catalog's notes (after a rollback). */
  renote(opaqueFields: ReadonlySet<string>, stringForms: ReadonlyArray<{ field: string; form: StringForm }>): void {
    for (const [field, column] of this.fields) column.opaque = opaqueFields.has(field);
    this.packedIds.reset(stringForms);
  }

  /** A form of strings a previous start found a field holding (`_id` for the id column). */
  restoreStringForm(field: string, form: StringForm): void {
    this.packedIds.restore(field, form);
  }

  /** The id column's value for an id (to find a row by). */
  readonly idKey = (id: string): string | Uint8Array => (this.packedIds.packsIds ? packedKey(id) : id);

  /** The id column's value for a document about to be inserted, its form noted. */
  idKeyOf(id: string): KeyValue {
    const key = this.idKey(id);
    this.packedIds.note('_id', key);
    return key;
  }

  /** The columns of an index's keys, `_id` as the id column. */
  indexColumns(spec: IndexSpec): Array<{ column: string; direction: 1 | -1 }> {
    return Object.entries(spec.keys).map(([field, direction]) => ({
      column: field === '_id' ? 'id' : (this.fields.get(field) as FieldColumn).column,
      direction,
    }));
  }

  /**
   * The WHERE of a partial lookup index whose filter fixes flags or strings of plain key columns
   * (`{ hasPendingEvents: true }`, `{ status: 'past_due' }`), the constants as queries write them
   * (filter-sql.ts); empty for any other filter, whose index then holds every document (a superset).
   */
  partialWhere(spec: IndexSpec): string {
    const filter = Object.entries(spec.partialFilterExpression ?? {});
    const fixed = filter.filter(([field, value]) => (typeof value === 'boolean' || typeof value === 'string') && this.fields.get(field)?.interned === false);
    if (fixed.length === 0 || fixed.length < filter.length) return '';
    return ` WHERE ${fixed.map(([field, value]) => `${(this.fields.get(field) as FieldColumn).column} = ${constantLiteral(value as boolean | string, this.packedIds.packsIds)}`).join(' AND ')}`;
  }

  partialColumn(name: string): string | null {
    return this.partials.get(name)?.column ?? null;
  }

  ttl(): Iterable<TtlRule> {
    return this.ttlRules.values();
  }

  /** A document's key column values, in `columns()` order; marks fields that turn opaque. */
  keysOf(document: StoredDocument): KeyValue[] {
    const values: KeyValue[] = [];
    for (const [field, column] of this.fields) {
      const key = indexedKey(document, column.path, this.packedIds.packsIds && !column.interned);
      if (column.interned && typeof key === 'string') {
        values.push(this.interned.codeFor(key));
        continue;
      }
      // Interned columns hold codes of strings: any other value but null is left to the matcher.
      if (key !== OPAQUE && (!column.interned || key === null)) {
        this.packedIds.note(field, key);
        values.push(key);
        continue;
      }
      if (this.uniqueFields.has(field)) {
        const held = column.interned ? 'anything but a string' : 'an array or an object';
        throw new Error(`The embedded store cannot keep a unique index over '${field}' when it holds ${held} (collection ${this.collection}).`);
      }
      if (!column.opaque) {
        column.opaque = true;
        this.catalog?.markOpaque(this.collection, field);
      }
      values.push(null);
    }
    for (const partial of this.partials.values()) values.push(partial.applies(document) ? 1 : null);
    return values;
  }

  /** The declared index a unique violation names (unique-violations.ts). */
  violatedIndex(message: string): string {
    return violatedIndexName(message, this.specs, (field) => this.fields.get(field)?.name);
  }

  snapshot() {
    return {
      fields: new Map(this.fields),
      partials: new Map(this.partials),
      specs: new Map(this.specs),
      uniqueFields: new Set(this.uniqueFields),
      ttlRules: new Map(this.ttlRules),
    };
  }

  restore(state: State): void {
    const refill = <K, V>(target: Map<K, V>, source: Map<K, V>) => {
      target.clear();
      for (const [key, value] of source) target.set(key, value);
    };
    refill(this.fields, state.fields);
    refill(this.partials, state.partials);
    refill(this.specs, state.specs);
    refill(this.ttlRules, state.ttlRules);
    this.pinning = null;
    this.marked = null;
    this.uniqueFields.clear();
    for (const field of state.uniqueFields) this.uniqueFields.add(field);
  }
}

/** A saved declaration without `readsRareValues`, which indexes saved before the engine's tuning left the port still carry. */
const declaration = (spec: (IndexSpec & { readsRareValues?: boolean }) | undefined): IndexSpec | undefined =>
  spec && 'readsRareValues' in spec ? (Object.fromEntries(Object.entries(spec).filter(([key]) => key !== 'readsRareValues')) as unknown as IndexSpec) : spec;
