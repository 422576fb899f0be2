import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { packedKey } from './packed-ids.ts';

/**
 * How an indexed field's value is kept in its SQLite column, chosen so that SQLite's own order
 * (NULL < numbers < TEXT < BLOB, blobs by their bytes) is MongoDB's order over scalars
 * (null < numbers < strings < booleans < dates). Booleans and dates are blobs with a tag byte:
 * 0x01 for booleans, 0x02 for dates followed by the milliseconds as a big-endian unsigned
 * number offset by 2^63, so that byte order is time order, before 1970 included. A table that
 * packs ids keeps strings of the platform's id form as blobs tagged 0x00 (packed-ids.ts).
 */
export type KeyValue = string | number | null | Uint8Array;

const BOOLEAN_TAG = 0x01;
const DATE_TAG = 0x02;

export const DATES_FROM = new Uint8Array([DATE_TAG]);
/** Every date key sorts below this blob, and every other blob above it. */
export const DATES_UNTIL = new Uint8Array([DATE_TAG + 1]);
/** Every number sorts below the empty string, every string below the empty blob. */
export const NUMBERS_UNTIL = '';
export const STRINGS_UNTIL = new Uint8Array(0);

export const dateKey = (date: Date): Uint8Array => {
  const key = new Uint8Array(9);
  key[0] = DATE_TAG;
  new DataView(key.buffer).setBigUint64(1, BigInt(date.getTime()) + 2n ** 63n);
  return key;
};

/** The column value of a scalar; undefined for values an index column cannot hold (objects, arrays, NaN). */
export const keyValue = (value: unknown, packsIds = false): KeyValue | undefined => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return packsIds ? packedKey(value) : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return new Uint8Array([BOOLEAN_TAG, value ? 1 : 0]);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : dateKey(value);
  return undefined;
};

/**
 * A field's value along a dotted path, or `opaque` when the path meets an array or ends on an
 * object: MongoDB would index every element (multikey) or compare whole objects, which one
 * column cannot express, so such fields are answered by the matcher instead of SQL.
 */
export const OPAQUE = Symbol('opaque');

export const indexedKey = (document: StoredDocument, path: readonly string[], packsIds: boolean): KeyValue | typeof OPAQUE => {
  let current: unknown = document;
  for (const segment of path) {
    if (current === null || current === undefined) return null;
    if (Array.isArray(current) || typeof current !== 'object' || current instanceof Date) return Array.isArray(current) ? OPAQUE : null;
    current = (current as Record<string, unknown>)[segment];
  }
  const key = keyValue(current, packsIds);
  return key === undefined ? OPAQUE : key;
};

/**
 * Whether an index's descending columns are its last ones only, so that it is kept ascending
 * throughout and still serves the same reads: those fix the leading fields and order by the last
 * ones, which SQLite walks backwards. Ids and dates grow, so new entries then land at the end of
 * their range, where SQLite fills pages whole, not at its start, where every split of a
 * descending index leaves a page half empty (half the index's size).
 */
export const ascendingOnDisk = (columns: ReadonlyArray<{ direction: 1 | -1 }>): boolean => {
  const firstDescending = columns.findIndex(({ direction }) => direction === -1);
  return firstDescending === -1 || columns.slice(firstDescending).every(({ direction }) => direction === -1);
};
