import { isoInstant } from '../../../core/shared/iso-instant.ts';
import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/**
 * An indexed field's key, as SQLite computes it from the document's JSON in a virtual column
 * (`"k:<field>"`), so that SQLite's own order (NULL < numbers < TEXT < BLOB, blobs by their bytes)
 * is MongoDB's order over scalars: null or missing, numbers, strings, booleans (x'01' then 0 or 1),
 * dates (x'02' then their ISO text, which sorts as time does). An array, or an object that is not a
 * date, keys as x'ff': MongoDB indexes each element of an array, which one column cannot express,
 * so a field that ever held one is answered by the matcher (`opaqueAt`).
 */
export type KeyValue = string | number | null | Uint8Array;

const BOOLEAN_TAG = 0x01;
const DATE_TAG = 0x02;
const OPAQUE_KEY = "x'ff'";

export const DATES_FROM = new Uint8Array([DATE_TAG]);
/** Every date key sorts below this blob, and every other blob above it. */
export const DATES_UNTIL = new Uint8Array([DATE_TAG + 1]);
/** Every number sorts below the empty string, every string below the empty blob. */
export const NUMBERS_UNTIL = '';
export const STRINGS_UNTIL = new Uint8Array(0);

export const dateKey = (date: Date): Uint8Array => {
  const text = Buffer.from(isoInstant(date));
  const key = new Uint8Array(text.length + 1);
  key[0] = DATE_TAG;
  key.set(text, 1);
  return key;
};

/** The key of a scalar, as the column holds it; undefined for values a column cannot hold (objects, arrays, NaN). */
export const keyValue = (value: unknown): KeyValue | undefined => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return new Uint8Array([BOOLEAN_TAG, value ? 1 : 0]);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : dateKey(value);
  return undefined;
};

/** Field names an index may use: written into SQL as JSON paths, so no quotes and no operators. */
export const indexableField = (field: string): boolean => /^[A-Za-z0-9_:-]+(\.[A-Za-z0-9_:-]+)*$/.test(field);

const jsonPath = (segments: readonly string[]): string => `'$${segments.map((segment) => `."${segment}"`).join('')}'`;

/** The SQL expression of a field's key over the `doc` column (see above). */
export const keyExpression = (field: string): string => {
  const segments = field.split('.');
  const path = jsonPath(segments);
  const date = jsonPath([...segments, '$date']);
  const value =
    `CASE json_type(doc, ${path}) WHEN 'true' THEN x'0101' WHEN 'false' THEN x'0100' WHEN 'array' THEN ${OPAQUE_KEY} ` +
    `WHEN 'object' THEN iif(json_type(doc, ${date}) = 'text', CAST(char(${DATE_TAG}) || json_extract(doc, ${date}) AS BLOB), ${OPAQUE_KEY}) ` +
    `ELSE json_extract(doc, ${path}) END`;
  // A path through an array names each element's field (multikey): opaque too.
  const throughArrays = segments.slice(0, -1).map((_, n) => `json_type(doc, ${jsonPath(segments.slice(0, n + 1))}) = 'array'`);
  return throughArrays.length === 0 ? value : `CASE WHEN ${throughArrays.join(' OR ')} THEN ${OPAQUE_KEY} ELSE ${value} END`;
};

/** Whether a document holds, along a field's path, what its key cannot express (an array, or an object that is not a date). */
export const opaqueAt = (document: StoredDocument, field: string): boolean => {
  let current: unknown = document;
  for (const segment of field.split('.')) {
    if (current === null || typeof current !== 'object' || current instanceof Date) return false;
    if (Array.isArray(current)) return true;
    current = (current as Record<string, unknown>)[segment];
  }
  return current !== null && typeof current === 'object' && !(current instanceof Date);
};
