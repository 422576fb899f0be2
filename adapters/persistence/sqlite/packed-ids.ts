/**
 * The platform's ids (`<prefix>_<28 hex digits>`, time-ordered-ids.ts) as index keys of 20 bytes
 * instead of 32: a BLOB of a tag byte 0x00, the prefix's letters, a 0x00, and the 14 bytes the hex
 * digits spell. An id is in a table's row, in its primary key and at the end of every one of its
 * index entries, and most tables index the ids of others (policyId, invoiceId): about a third of
 * the store's bytes were these texts.
 *
 * Between packed ids, byte order is the ids' string order: the prefix's letters compare as they
 * do in the text, a shorter prefix ends with 0x00 where the text has `_` (below every letter), and
 * the digits are fixed-length and big-endian. A packed id is a BLOB, so SQLite orders it after
 * every TEXT, and its tag puts it before the booleans (0x01) and dates (0x02) of index-keys.ts, as
 * MongoDB orders strings before them. Only a column holding both packed ids and other strings
 * orders them differently from MongoDB (the other strings first); filters stay exact
 * (filter-sql.ts).
 */
export const PACKED_ID_TAG = 0x00;
/** Every packed id sorts below this blob, and every boolean and date above it. */
export const PACKED_IDS_UNTIL = new Uint8Array([PACKED_ID_TAG + 1]);

const DIGITS = 28;
const LONGEST_PREFIX = 12;
const UNDERSCORE = 0x5f;

const hexValue = (code: number): number => {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
};

/** The packed key of a string of the platform's id form, or null for any other string. */
export const packedId = (value: string): Uint8Array | null => {
  const prefix = value.length - DIGITS - 1;
  if (prefix < 1 || prefix > LONGEST_PREFIX || value.charCodeAt(prefix) !== UNDERSCORE) return null;
  const key = new Uint8Array(prefix + 2 + DIGITS / 2);
  key[0] = PACKED_ID_TAG;
  for (let n = 0; n < prefix; n += 1) {
    const letter = value.charCodeAt(n);
    if (letter < 0x61 || letter > 0x7a) return null;
    key[n + 1] = letter;
  }
  key[prefix + 1] = 0x00;
  for (let n = 0; n < DIGITS / 2; n += 1) {
    const high = hexValue(value.charCodeAt(prefix + 1 + 2 * n));
    const low = hexValue(value.charCodeAt(prefix + 2 + 2 * n));
    if (high < 0 || low < 0) return null;
    key[prefix + 2 + n] = (high << 4) | low;
  }
  return key;
};

/** The id a packed key holds (the inverse of packedId). */
export const unpackedId = (key: Uint8Array): string => {
  const end = key.indexOf(0x00, 1);
  if (key[0] !== PACKED_ID_TAG || end < 2 || key.length !== end + 1 + DIGITS / 2) throw new Error('Not a packed id.');
  return `${Buffer.from(key.subarray(1, end)).toString('latin1')}_${Buffer.from(key.subarray(end + 1)).toString('hex')}`;
};

/** A string key as a table of packed ids keeps it. */
export const packedKey = (value: string): string | Uint8Array => packedId(value) ?? value;

/** An id column's value as a string, packed or not. */
export const idOfKey = (key: string | Uint8Array): string => (typeof key === 'string' ? key : unpackedId(key));

/** Every packed id sorts at or above this blob, and every text below it. */
export const PACKED_IDS_FROM = new Uint8Array([PACKED_ID_TAG]);

/** The tag and the letters a string begins with (as many as a prefix may hold, and one more). */
const leadingLetters = (value: string): number[] => {
  const letters = [PACKED_ID_TAG];
  for (let n = 0; n < value.length && n <= LONGEST_PREFIX; n += 1) {
    const code = value.charCodeAt(n);
    if (code < 0x61 || code > 0x7a) break;
    letters.push(code);
  }
  return letters;
};

/**
 * A key above every packed id whose string is below `value`, a string of any form: ids whose
 * prefix sorts below the letters `value` begins with, or begins with them. (An id sorts above
 * `value` when its prefix leaves those letters for a greater one.)
 */
export const packedIdsBelow = (value: string): Uint8Array => new Uint8Array([...leadingLetters(value), 0xff]);

/** A key at or below every packed id whose string is above `value`, a string of any form. */
export const packedIdsFrom = (value: string): Uint8Array => new Uint8Array(leadingLetters(value));
