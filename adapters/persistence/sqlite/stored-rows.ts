import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { decodeDocument, encodeDocument } from './document-codec.ts';
import type { DocumentCompression } from './document-compression.ts';
import type { InternedValues } from './interned-values.ts';
import type { KeyValue } from './index-keys.ts';
import { markKeyFields, restoreKeyFields, type MarkedField } from './key-field-marks.ts';
import { idOfKey } from './packed-ids.ts';

/** The key column holding a table's organization ids: quoted, and whether it holds their codes. */
export interface OrgColumn {
  readonly column: string;
  readonly interned: boolean;
  /** Some document held something else than a string there: new documents keep their own. */
  readonly opaque: boolean;
}

/** A row as reads select it (`StoredRows.selected`). */
export interface StoredRow {
  /** The id, or its packed key (packed-ids.ts). */
  readonly id: string | Uint8Array;
  /** The document's text, or that text compressed (a BLOB, document-compression.ts). */
  readonly doc: string | Uint8Array;
  readonly org?: string | number | Uint8Array | null;
  /** The key columns of marked fields (`k:<field>`, key-field-marks.ts). */
  readonly [column: `k:${string}`]: KeyValue;
}

/** The document's text lacks its leading `_id`, which the row's id column holds. */
const WITHOUT_ID = '^';
/** ... and its `orgId` after it, which the organization's key column holds. */
const WITHOUT_ID_AND_ORG = '~';

const idPrefix = (id: string) => `{"_id":${JSON.stringify(id)}`;
const orgPrefix = (id: string, orgId: string) => `${idPrefix(id)},"orgId":${JSON.stringify(orgId)}`;

/**
 * How a table's documents are kept in its `doc` column: as JSON without what the row holds
 * already, the `_id` (its id column) and the organization's id (its key column, a code when
 * interned), when the document begins with them as nearly all do. Those are some 80 bytes of
 * every row, and the same text again in the table's pages and the log. A read puts them back
 * where they were, so the text decoded is the text written. Rows written before keep their whole
 * JSON (it begins with `{`) and read as they always did. The strings of other top-level fields the
 * row's key columns hold are left to them too (key-field-marks.ts). That text is then compressed
 * when the table's rows are (durable tables, document-compression.ts).
 */
export class StoredRows {
  private readonly orgColumn: () => OrgColumn | null;
  private readonly interned: InternedValues;
  private readonly compression: DocumentCompression | null;
  private readonly markedFields: () => readonly MarkedField[];
  private selectedFor: readonly MarkedField[] | null = null;
  private selectedColumns = '';

  constructor(
    orgColumn: () => OrgColumn | null,
    markedFields: () => readonly MarkedField[],
    interned: InternedValues,
    compression: DocumentCompression | null,
  ) {
    this.orgColumn = orgColumn;
    this.markedFields = markedFields;
    this.interned = interned;
    this.compression = compression;
  }

  /** The columns a read selects: made again only when the table's key columns change (a new marked fields' list). */
  selected(): string {
    const marked = this.markedFields();
    if (marked !== this.selectedFor) {
      const org = this.orgColumn();
      this.selectedColumns = `id, doc${org ? `, ${org.column} AS org` : ''}${marked.map(({ column }) => `, ${column}`).join('')}`;
      this.selectedFor = marked;
    }
    return this.selectedColumns;
  }

  /**
   * The `doc`, the length of the text it packs (about the document's JSON size, which the document
   * cache's budget counts), and the document's whole JSON text, which a read of the row gives back.
   */
  encoded(document: StoredDocument, keys: readonly KeyValue[]): { doc: string | Uint8Array; length: number; json: string } {
    const json = encodeDocument(document);
    const text = markKeyFields(this.withoutRowFields(json, document), document, keys, this.markedFields());
    return { doc: this.compression ? this.compression.pack(text) : text, length: text.length, json };
  }

  /** A text row's `doc` as new rows get it (compressed), or null when it stays as it is. */
  repacked(doc: string | Uint8Array): Uint8Array | null {
    if (typeof doc !== 'string' || !this.compression) return null;
    const packed = this.compression.pack(doc);
    return typeof packed === 'string' ? null : packed;
  }

  /** The document's whole JSON text, as written. */
  text(row: StoredRow): string {
    const packed = this.compression ? this.compression.unpack(row.doc) : (row.doc as string);
    const doc = restoreKeyFields(packed, row);
    const mark = doc[0];
    if (mark === WITHOUT_ID) return idPrefix(idOfKey(row.id)) + doc.slice(1);
    if (mark !== WITHOUT_ID_AND_ORG) return doc;
    const id = idOfKey(row.id);
    const org = this.orgColumn();
    if (!org || row.org === null || row.org === undefined) throw new Error(`Document ${id} was stored without its organization, which its row lacks.`);
    // A column of organization ids as keys (a table from before interning) may hold them packed.
    const orgId = org.interned ? this.interned.valueOf(Number(row.org)) : idOfKey(row.org as string | Uint8Array);
    return orgPrefix(id, orgId) + doc.slice(1);
  }

  decode(row: StoredRow): StoredDocument {
    return this.read(row).document;
  }

  /** The document and the length of its JSON text (what the document cache's budget counts). */
  read(row: StoredRow): { document: StoredDocument; length: number } {
    const text = this.text(row);
    return { document: decodeDocument<StoredDocument>(text), length: text.length };
  }

  private withoutRowFields(text: string, document: StoredDocument): string {
    const org = this.orgColumn();
    if (org && !org.opaque && typeof document.orgId === 'string') {
      const prefix = orgPrefix(document._id, document.orgId);
      if (text.startsWith(prefix)) return WITHOUT_ID_AND_ORG + text.slice(prefix.length);
    }
    const prefix = idPrefix(document._id);
    return text.startsWith(prefix) ? WITHOUT_ID + text.slice(prefix.length) : text;
  }
}
