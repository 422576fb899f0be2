import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { KeyValue } from './index-keys.ts';
import type { FieldColumn } from './key-column-types.ts';
import { idOfKey } from './packed-ids.ts';

/**
 * A top-level field whose string its row keeps in a key column as well (`k:<field>`, `column`
 * quoted), `position` its place among the key values of a write (KeyColumns.keysOf).
 */
export interface MarkedField {
  readonly field: string;
  readonly column: string;
  readonly position: number;
}

/**
 * Stands for a field's string in a stored document's text: the row's key column holds it. JSON
 * text never holds this character raw (JSON.stringify writes control characters escaped), so a
 * text from before, which has none, reads as it always did.
 */
const MARK = '\u0001';

/** Field names kept as marks: plain names, read back from the text before a mark without escapes. */
const MARKABLE_FIELD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The marked fields of a table's key columns (in `keysOf` order): top-level, plain names, strings kept as they are. */
export const markedFieldsOf = (fields: ReadonlyMap<string, FieldColumn>): MarkedField[] =>
  [...fields.entries()].flatMap(([field, column], position) =>
    !column.interned && column.path.length === 1 && MARKABLE_FIELD.test(field) ? [{ field, column: column.column, position }] : [],
  );

/** The string a key column holds for a string (packed or not, packed-ids.ts); null for any other key. */
const stringOfKey = (key: KeyValue | undefined): string | null =>
  typeof key === 'string' ? key : key instanceof Uint8Array && key[0] === 0 ? idOfKey(key) : null;

/**
 * The document's text with the value of each marked field that its key column holds replaced by
 * MARK: `"policyId":"pol_…"` is kept as `"policyId":\u0001`. Ids, numbers, dates and statuses
 * repeated in a row's columns and its document are some 30 bytes each, most of them digits that
 * compress poorly. Only the first occurrence of `"<field>":<value>` is marked: should it be a
 * nested one, it holds the same value, and the text read back is the text written.
 */
export const markKeyFields = (text: string, document: StoredDocument, keys: readonly KeyValue[], fields: readonly MarkedField[]): string => {
  let marked = text;
  for (const { field, position } of fields) {
    const value = document[field];
    if (typeof value !== 'string' || stringOfKey(keys[position]) !== value) continue;
    const written = `"${field}":${JSON.stringify(value)}`;
    const at = marked.indexOf(written);
    if (at >= 0) marked = `${marked.slice(0, at)}"${field}":${MARK}${marked.slice(at + written.length)}`;
  }
  return marked;
};

/** The text with each mark replaced by its field's string, from the row's key columns. */
export const restoreKeyFields = (text: string, row: { readonly id: string | Uint8Array }): string => {
  let at = text.indexOf(MARK);
  if (at < 0) return text;
  let restored = '';
  let from = 0;
  while (at >= 0) {
    // A mark follows `"<field>":`, the field's name holding no quote.
    const field = text.slice(text.lastIndexOf('"', at - 3) + 1, at - 2);
    const value = stringOfKey((row as unknown as Record<string, KeyValue | undefined>)[`k:${field}`]);
    if (value === null) throw new Error(`Document ${idOfKey(row.id)} keeps '${field}' in its key column, which its row lacks.`);
    restored += text.slice(from, at) + JSON.stringify(value);
    from = at + 1;
    at = text.indexOf(MARK, from);
  }
  return restored + text.slice(from);
};
