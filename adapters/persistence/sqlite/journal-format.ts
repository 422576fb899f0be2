import { crc32 } from 'node:zlib';
import { decodeDocument, encodeDocument } from './document-codec.ts';

/**
 * The journal of the store before SQLite: one line per change, `<crc32 hex> <json>`. It is read
 * once to import a data directory written by that engine, and written by the export that lets an
 * operator go back to it.
 */
export type JournalRecord =
  { readonly op: 'put'; readonly c: string; readonly d: { _id: string } } | { readonly op: 'del'; readonly c: string; readonly id: string };

export const JOURNAL_FILE = 'journal.log';

const checksum = (json: string): string => crc32(json).toString(16).padStart(8, '0');

export const journalLine = (record: JournalRecord): string => {
  const json = encodeDocument(record);
  return `${checksum(json)} ${json}\n`;
};

/** A put record from a document already encoded by the codec, without decoding it. */
export const encodedPutLine = (collection: string, encodedDocument: string): string => {
  const json = `{"op":"put","c":${JSON.stringify(collection)},"d":${encodedDocument}}`;
  return `${checksum(json)} ${json}\n`;
};

/** The record of one line (without its newline), or null when the line is damaged. */
export const parseJournalLine = (line: string): JournalRecord | null => {
  if (line.length <= 9 || line[8] !== ' ') return null;
  const json = line.slice(9);
  return checksum(json) === line.slice(0, 8) ? decodeDocument<JournalRecord>(json) : null;
};
