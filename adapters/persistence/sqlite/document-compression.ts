import { lzDecode, lzEncode, MAX_ENCODED_TEXT_BYTES } from './dictionary-lz.ts';
import type { Dictionary, DocumentDictionaries } from './document-dictionaries.ts';
import type { Statements } from './statements.ts';
import type { TableLayout } from './table-layout.ts';

/** Rows a table has been given before its dictionary is made from the latest of them. */
export const TRAINING_ROWS = 64;
/**
 * A table's dictionary is made once more, from its latest rows, once it holds this many: its first
 * rows are often not its usual ones (an organization's set-up before its business), and the bench's
 * audit entries, compressed with a dictionary of its first rows, took 71 bytes on one run of
 * 100,000 policies and 112 on another.
 */
export const RETRAINING_ROWS = 4_096;
/**
 * Half the rows a table's second dictionary is made of are older than its newest this many, which
 * have settled (a quote bound, an invoice's events relayed); the other half are its newest, as
 * rows are first written. Made of the newest alone, a dictionary compressed the bench's settled
 * quotes to 89 bytes where one of settled rows did to 64; made of settled rows alone, policies
 * were written larger and left their pages 44 % empty once settled, against 26 %.
 */
const UNSETTLED_ROWS = 1_024;
/**
 * The most of its table's recent documents a dictionary holds. A document shares nearly all it
 * can with a few of them (field names, ids' prefixes, repeated values): with deflate, 8 KiB of
 * them compressed the bench's documents as well as 32 KiB did, and every position costs memory.
 */
export const DICTIONARY_BYTES = 8 * 1024;
/**
 * Texts shorter than this stay text: a few bytes saved at most. Longer ones are compressed when it
 * saves bytes; a row of relationship tuples, some 45 characters once its key columns hold its
 * strings (key-field-marks.ts), packs into 6 bytes in half a microsecond.
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
 * its dictionary (document-dictionaries.ts), in the same transaction as that write, and once more
 * when it holds RETRAINING_ROWS (rows keep naming the dictionary they were compressed with). A
 * compressed row is a BLOB (a text row is TEXT), so rows written before, or too short or too
 * long, read as they always did.
 */
export class DocumentCompression {
  private readonly table: string;
  private readonly dictionaries: DocumentDictionaries;
  /** The table's latest rows' `doc` but the newest `skipped`, newest first, to train a dictionary from. */
  private readonly latestDocs: (count: number, skipped: number) => Array<string | Uint8Array>;
  /** How many rows the table holds, counted up to the number given. */
  private readonly rowsHeld: (upTo: number) => number;
  /** Rows given without a dictionary: from the rows held, read once, then counted here. */
  private rowsGiven: number | null = null;
  /** Rows given since the table was last counted for its second dictionary: the first one given counts it. */
  private sinceCounted = RETRAINING_ROWS - 1;

  constructor(
    table: string,
    dictionaries: DocumentDictionaries,
    latestDocs: (count: number, skipped: number) => Array<string | Uint8Array>,
    rowsHeld: (upTo: number) => number,
  ) {
    this.table = table;
    this.dictionaries = dictionaries;
    this.latestDocs = latestDocs;
    this.rowsHeld = rowsHeld;
  }

  /** What a row's `doc` column holds for a document's text. */
  pack(text: string): string | Uint8Array {
    // A text's length is in UTF-16 units, each at most 3 UTF-8 bytes: its bytes are counted only when that could be too many.
    if (text.length < SHORTEST_COMPRESSED || (text.length * 3 > MAX_ENCODED_TEXT_BYTES && Buffer.byteLength(text) > MAX_ENCODED_TEXT_BYTES)) return text;
    const dictionary = !this.dictionaries.keepsText(this.table) && this.dictionary();
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

  /** The dictionary a row given now is compressed with: the table's latest, made when it is time. */
  private dictionary(): Dictionary | null {
    const latest = this.dictionaries.latest(this.table);
    if (!latest) return this.trained();
    if (latest.made > 1 || ++this.sinceCounted < RETRAINING_ROWS) return latest;
    this.sinceCounted = 0;
    return this.rowsHeld(RETRAINING_ROWS) < RETRAINING_ROWS ? latest : (this.made(true) ?? latest);
  }

  /** A first dictionary made now from the table's latest rows, once it has been given enough of them. */
  private trained(): Dictionary | null {
    this.rowsGiven = (this.rowsGiven ?? this.rowsHeld(TRAINING_ROWS + 1)) + 1;
    if (this.rowsGiven <= TRAINING_ROWS) return null;
    const dictionary = this.made(false);
    // Mostly short rows (too little to learn from yet), or every code taken: try again after as many more.
    if (!dictionary) this.rowsGiven = 0;
    return dictionary;
  }

  /**
   * A dictionary of the table's latest rows, newest last (the nearest matches are tried first, and
   * the dictionary's end is nearest); with settled rows among them, one in two, when `settled`.
   */
  private made(settled: boolean): Dictionary | null {
    const newest = this.latestDocs(settled ? TRAINING_ROWS / 2 : TRAINING_ROWS, 0);
    const older = settled ? this.latestDocs(TRAINING_ROWS / 2, UNSETTLED_ROWS) : [];
    const rows = newest.flatMap((doc, n) => (n < older.length ? [doc, older[n] as string | Uint8Array] : [doc]));
    const sample = Buffer.from(
      rows
        .map((doc) => this.unpack(doc))
        .reverse()
        .join(''),
      'utf8',
    );
    return sample.length < DICTIONARY_BYTES / 4 ? null : this.dictionaries.add(this.table, Uint8Array.from(sample.subarray(-DICTIONARY_BYTES)));
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
  const held = statements.get(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} LIMIT ?)`);
  const rowsHeld = (upTo: number) => Number((held.get(upTo) as { n: number }).n);
  // The newest rows in the table's own order (by id, the platform's ids grow).
  const latest = statements.get(`SELECT doc FROM ${table} ORDER BY ${layout.storedOrder} DESC LIMIT ? OFFSET ?`);
  const latestDocs = (count: number, skipped: number) => latest.all(count, skipped).map(({ doc }) => doc as string | Uint8Array);
  return new DocumentCompression(name, dictionaries, latestDocs, rowsHeld);
};
