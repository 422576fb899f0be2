import { createHash, type Hash } from 'node:crypto';
import { createReadStream, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import { JOURNAL_FILE, parseJournalLine, type JournalRecord } from './journal-format.ts';

export const IMPORTED_JOURNAL_FILE = `${JOURNAL_FILE}.imported`;

export class JournalCorruptError extends Error {}

/** What the import needs of the store: tables and one transaction around the whole load. */
interface ImportTarget {
  table(name: string, volatile: boolean): { delete(id: string): void; insert(document: StoredDocument): void };
  transaction(work: () => void): void;
  meta(key: string): string | null;
  setMeta(key: string, value: string): void;
}

/** The SHA-256 of the last journal imported: a journal written since (after going back) is imported again. */
const IMPORTED = 'imported-journal-sha256';
const IMPORT_CHUNK = 5_000;

const apply = (store: ImportTarget, record: JournalRecord): void => {
  const table = store.table(record.c, false);
  if (record.op === 'put') {
    table.delete(record.d._id);
    table.insert(record.d as StoredDocument);
  } else table.delete(record.id);
};

/**
 * Every intact record, streamed. A damaged last record is a write cut short by a crash, never
 * acknowledged, and is left out; damage anywhere before it refuses the journal.
 */
async function* journalRecords(path: string, hash?: Hash): AsyncGenerator<JournalRecord> {
  let carry = '';
  let offset = 0;
  let damagedAt: number | null = null;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    hash?.update(chunk as string);
    const lines = (carry + (chunk as string)).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) {
      if (damagedAt !== null) throw new JournalCorruptError(`The journal ${path} is damaged at byte ${damagedAt}; it was not imported.`);
      const record = parseJournalLine(line);
      if (record) yield record;
      else damagedAt = offset;
      offset += Buffer.byteLength(line) + 1;
    }
  }
}

/**
 * A data directory written by the journal engine is imported on first start, once the whole
 * journal has been checked, and the journal renamed to `journal.log.imported` (kept, so an
 * operator can still go back). A crash in between leaves the journal in place: the import is
 * done again, or only the rename when the store already recorded that very journal.
 */
export const importJournal = async (dir: string, store: ImportTarget): Promise<void> => {
  const path = join(dir, JOURNAL_FILE);
  if (!existsSync(path)) return;
  // A first pass checks the whole journal (and fingerprints it) before anything is loaded.
  const hash = createHash('sha256');
  for await (const _ of journalRecords(path, hash));
  const digest = hash.digest('hex');
  if (store.meta(IMPORTED) !== digest) {
    // Replaying the journal is idempotent (each document ends as its last record says), so it is
    // loaded in bounded chunks; only the final note makes the import count as done.
    let chunk: JournalRecord[] = [];
    const load = (records: readonly JournalRecord[]) => store.transaction(() => records.forEach((record) => apply(store, record)));
    for await (const record of journalRecords(path)) {
      chunk.push(record);
      if (chunk.length >= IMPORT_CHUNK) {
        load(chunk);
        chunk = [];
      }
    }
    load(chunk);
    store.transaction(() => store.setMeta(IMPORTED, digest));
  }
  renameSync(path, join(dir, IMPORTED_JOURNAL_FILE));
};
