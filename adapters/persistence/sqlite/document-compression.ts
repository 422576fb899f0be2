import { lzDecode, lzEncode, MAX_ENCODED_TEXT_BYTES } from './dictionary-lz.ts';
import type { Dictionary, DocumentDictionaries } from './document-dictionaries.ts';
import type { Statements } from './statements.ts';
import type { TableLayout } from './table-layout.ts';

/** Rows a table has been given before its dictionary is made from the latest of them. */
export const TRAINING_ROWS = 64;
/**
 * The most of its table's recent documents a dictionary holds. A document shares nearly all it
 * can with a few of them (field names, ids' prefixes, repeated values): with deflate, 8 KiB of
 * them compressed the bench's documents as well as 32 KiB did, and every position costs memory.
 */
export const DICTIONARY_BYTES = 8 * 1024;
/**
 * Texts shorter than this stay text: a few bytes saved at most. Longer ones are compressed when it
 * saves bytes; a row of relationship tuples, some 45 characters once its key columns hold its
 * strings (key-field-marks.ts), packs into 9 bytes in half a microsecond.
 */
const SHORTEST_COMPRESSED = 32;
/** The first byte of a compressed row: dictionary LZ (dictionary-lz.ts) with the dictionary named by the next two bytes. */
const LZ_WITH_DICTIONARY = 1;
const HEADER_BYTES = 3;

/**
 * Documents kept compressed with a dictionary made from their own table's documents. The rows of a
 * table repeat the same field names and many of the same values, which a compressor seeing one
 * small document at a time cannot take advantage of: alone, an invoice of 265 bytes deflates to
 * about 200; against 8 KiB of its table's recent invoices, it packs into about 50.
 *
 * A table's first TRAINING_ROWS rows are kept as text; at the next write its latest rows become
 * its dictionary (document-dictionaries.ts), in the same transaction as that write. A compressed
 * row is a BLOB (a text row is TEXT), so rows written before, or too short or too long, read as
 * they always did.
 */
export class DocumentCompression {
  private readonly table: string;
  private readonly dictionaries: DocumentDictionaries;
  /** The table's latest document texts, newest first, to train a dictionary from. */
  private readonly latestTexts: (count: number) => string[];
  /** How many rows the table holds, counted up to one more than TRAINING_ROWS. */
  private readonly rowsHeld: () => number;
  /** Rows given without a dictionary: from the rows held, read once, then counted here. */
  private rowsGiven: number | null = null;

  constructor(table: string, dictionaries: DocumentDictionaries, latestTexts: (count: number) => string[], rowsHeld: () => number) {
    this.table = table;
    this.dictionaries = dictionaries;
    this.latestTexts = latestTexts;
    this.rowsHeld = rowsHeld;
  }

  /** What a row's `doc` column holds for a document's text. */
  pack(text: string): string | Uint8Array {
    // A text's length is in UTF-16 units, each at most 3 UTF-8 bytes: its bytes are counted only when that could be too many.
    if (text.length < SHORTEST_COMPRESSED || (text.length * 3 > MAX_ENCODED_TEXT_BYTES && Buffer.byteLength(text) > MAX_ENCODED_TEXT_BYTES)) return text;
    const dictionary = this.dictionaries.latest(this.table) ?? this.trained();
    if (!dictionary) return text;
    const packed = lzEncode(dictionary.chains, text);
    if (packed.length + HEADER_BYTES >= text.length) return text;
    const row = Buffer.allocUnsafe(HEADER_BYTES + packed.length);
    row[0] = LZ_WITH_DICTIONARY;
    row.writeUInt16BE(dictionary.code, 1);
    row.set(packed, HEADER_BYTES);
    return row;
  }

  /** The text a row's `doc` column holds, compressed or not. */
  unpack(doc: string | Uint8Array): string {
    if (typeof doc === 'string') return doc;
    if (doc[0] !== LZ_WITH_DICTIONARY || doc.length < HEADER_BYTES) throw new Error(`A row of ${this.table} is stored in an unknown format (${doc[0]}).`);
    const dictionary = this.dictionaries.bytesOf((doc[1]! << 8) | doc[2]!);
    return lzDecode(dictionary, doc.subarray(HEADER_BYTES));
  }

  /** A dictionary made now from the table's latest rows, once it has been given enough of them. */
  private trained(): Dictionary | null {
    this.rowsGiven = (this.rowsGiven ?? this.rowsHeld()) + 1;
    if (this.rowsGiven <= TRAINING_ROWS) return null;
    // Newest last: the nearest matches are tried first, and the dictionary's end is nearest.
    const sample = Buffer.from(this.latestTexts(TRAINING_ROWS).reverse().join(''), 'utf8');
    // Mostly short rows (too little to learn from yet), or every code taken: try again after as many more.
    const dictionary = sample.length < DICTIONARY_BYTES / 4 ? null : this.dictionaries.add(this.table, Uint8Array.from(sample.subarray(-DICTIONARY_BYTES)));
    if (!dictionary) this.rowsGiven = 0;
    return dictionary;
  }
}

/** The compression of one table's rows; `table` is its qualified SQL name, `name` its collection's. */
export const tableCompression = (
  statements: Statements,
  table: string,
  layout: TableLayout,
  name: string,
  dictionaries: DocumentDictionaries,
): DocumentCompression => {
  const held = statements.get(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} LIMIT ${TRAINING_ROWS + 1})`);
  const rowsHeld = () => Number((held.get() as { n: number }).n);
  // The newest rows in the table's own order (by id, the platform's ids grow): a table is trained
  // before any of its rows is compressed, so nearly all are text.
  const latest = statements.get(`SELECT doc FROM ${table} ORDER BY ${layout.storedOrder} DESC LIMIT ?`);
  const latestTexts = (count: number) => latest.all(count).flatMap(({ doc }) => (typeof doc === 'string' ? [doc] : []));
  return new DocumentCompression(name, dictionaries, latestTexts, rowsHeld);
};
