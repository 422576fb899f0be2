import type { FilterColumn } from './filter-sql.ts';
import type { KeyValue } from './index-keys.ts';
import type { StringForms } from './packed-id-ranges.ts';
import { PACKED_ID_TAG } from './packed-ids.ts';

/** A form of string a field has held: a packed id, or any other string. */
export type StringForm = 'packed' | 'text';

/** Where a table notes, for its next starts, a form of string a field has held. */
export interface StringFormCatalog {
  markStringForm(collection: string, field: string, form: StringForm): void;
}

/**
 * Which forms of strings each key column of a table (and its id column, field `_id`) has held,
 * once the table packs ids (packed-ids.ts). A range over a column that never held a packed id is
 * a plain range over its texts; one that held only packed ids is a range over them; one that held
 * both has its strings in two runs (packed-id-ranges.ts). A form is noted, in memory and in the
 * catalog, as the first string of it is written to the field, in the same transaction: a rollback
 * may leave it noted, which only makes its ranges read more.
 */
export class PackedIdFields {
  readonly packsIds: boolean;
  private readonly collection: string;
  private readonly catalog: StringFormCatalog | null;
  private readonly forms = new Map<string, { packed: boolean; texts: boolean }>();

  constructor(collection: string, catalog: StringFormCatalog | null, packsIds: boolean) {
    this.collection = collection;
    this.catalog = catalog;
    this.packsIds = packsIds;
  }

  /** A filter column over `field`, which answers at each query what forms the field has held. */
  column(name: string, field: string, literals?: Set<string>): FilterColumn {
    const forms = this.formsOf(field);
    return { name, ...(literals ? { literals } : {}), packsIds: this.packsIds, stringForms: forms satisfies StringForms };
  }

  /** Notes a key about to be written to `field`. */
  note(field: string, key: KeyValue): void {
    if (!this.packsIds) return;
    const form = typeof key === 'string' ? 'text' : key instanceof Uint8Array && key[0] === PACKED_ID_TAG ? 'packed' : null;
    if (form === null) return;
    const forms = this.formsOf(field);
    if (form === 'packed' ? forms.packed : forms.texts) return;
    this.restore(field, form);
    this.catalog?.markStringForm(this.collection, field, form);
  }

  /** Forgets every form noted but those given (the catalog's, after a rollback). */
  reset(noted: ReadonlyArray<{ field: string; form: StringForm }>): void {
    for (const forms of this.forms.values()) {
      forms.packed = false;
      forms.texts = false;
    }
    for (const { field, form } of noted) this.restore(field, form);
  }

  /** A form noted: by a previous start, by the catalog after a rollback, or by a write now. */
  restore(field: string, form: StringForm): void {
    const forms = this.formsOf(field);
    if (form === 'packed') forms.packed = true;
    else forms.texts = true;
  }

  private formsOf(field: string): { packed: boolean; texts: boolean } {
    let forms = this.forms.get(field);
    if (!forms) this.forms.set(field, (forms = { packed: false, texts: false }));
    return forms;
  }
}
