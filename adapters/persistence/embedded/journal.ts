import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, stat, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { decodeDocument, encodeDocument } from './document-codec.ts';

export type JournalRecord =
  { readonly op: 'put'; readonly c: string; readonly d: { _id: string } } | { readonly op: 'del'; readonly c: string; readonly id: string };

const FILE = 'journal.log';
const COMPACT_FILE = 'journal.compact.tmp';

const frame = (record: JournalRecord): string => {
  const json = encodeDocument(record);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
};

export class JournalCorruptError extends Error {}

/**
 * Reads every intact record. A torn last record (the process died mid-append, so it was never
 * acknowledged) is cut off; damage anywhere before the end is refused rather than skipped.
 */
const replay = async (path: string): Promise<JournalRecord[]> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const records: JournalRecord[] = [];
  let offset = 0;
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    const line = end === -1 ? text.slice(offset) : text.slice(offset, end);
    const json = line.slice(9);
    const intact = end !== -1 && line.length > 9 && line[8] === ' ' && crc32(json).toString(16).padStart(8, '0') === line.slice(0, 8);
    if (!intact) {
      const isTail = end === -1 || end === text.length - 1;
      if (!isTail) throw new JournalCorruptError(`Journal ${path} is damaged at byte ${Buffer.byteLength(text.slice(0, offset))}.`);
      await truncate(path, Buffer.byteLength(text.slice(0, offset)));
      break;
    }
    records.push(decodeDocument<JournalRecord>(json));
    offset = end + 1;
  }
  return records;
};

const syncDirectory = (dir: string): void => {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/**
 * Append-only journal with group commit: records appended in the same turn of the event loop are
 * written and fsynced together, and every append resolves only after its fsync.
 */
export class Journal {
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private flushing = false;
  private closed = false;
  private bytes: number;
  private handle: FileHandle;
  private readonly dir: string;
  private readonly snapshot: () => Iterable<JournalRecord>;
  private readonly compactAboveBytes: number;

  private constructor(dir: string, handle: FileHandle, bytes: number, snapshot: () => Iterable<JournalRecord>, compactAboveBytes: number) {
    this.dir = dir;
    this.handle = handle;
    this.bytes = bytes;
    this.snapshot = snapshot;
    this.compactAboveBytes = compactAboveBytes;
  }

  static async open(
    dir: string,
    snapshot: () => Iterable<JournalRecord>,
    compactAboveBytes = 64 * 1024 * 1024,
  ): Promise<{ journal: Journal; records: JournalRecord[] }> {
    const path = join(dir, FILE);
    const records = await replay(path);
    const handle = await open(path, 'a');
    syncDirectory(dir);
    const { size } = await stat(path);
    return { journal: new Journal(dir, handle, size, snapshot, compactAboveBytes), records };
  }

  append(record: JournalRecord): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The store is closed.'));
    this.pending.push(frame(record));
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
    return done;
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.join('');
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        if (this.bytes + batch.length > this.compactAboveBytes) {
          // The in-memory state already holds every pending change, so the snapshot covers them.
          await this.compact();
        } else {
          await this.handle.write(batch);
          await this.handle.datasync();
          this.bytes += Buffer.byteLength(batch);
        }
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error as Error);
      }
    }
    this.flushing = false;
  }

  /** Rewrites the journal as one put per live document, then atomically replaces it. */
  async compact(): Promise<void> {
    const temp = join(this.dir, COMPACT_FILE);
    const out = await open(temp, 'w');
    let size = 0;
    try {
      let chunk: string[] = [];
      for (const record of this.snapshot()) {
        chunk.push(frame(record));
        if (chunk.length >= 1000) {
          const text = chunk.join('');
          await out.write(text);
          size += Buffer.byteLength(text);
          chunk = [];
        }
      }
      const text = chunk.join('');
      await out.write(text);
      size += Buffer.byteLength(text);
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(temp, join(this.dir, FILE));
    syncDirectory(this.dir);
    await this.handle.close();
    this.handle = await open(join(this.dir, FILE), 'a');
    this.bytes = size;
  }

  async close(): Promise<void> {
    while (this.flushing || this.pending.length > 0) await new Promise((resolve) => setImmediate(resolve));
    this.closed = true;
    await this.handle.close();
  }
}
