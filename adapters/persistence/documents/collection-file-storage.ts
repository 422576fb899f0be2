import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FileContent, FileStorage, StoredFile } from '../../../ports/documents/file-storage.port.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

/** Raw bytes per chunk document: well under MongoDB's 16 MiB document limit once base64-encoded. */
const FILE_CHUNK_BYTES = 255 * 1024;

interface StoredFileHead extends StoredDocument {
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  /** Which write's chunks are the content; chunks of other writes are leftovers. */
  readonly version?: string;
  readonly chunks?: number;
  /** Content stored whole by earlier versions. */
  readonly base64?: string;
}

interface StoredChunk extends StoredDocument {
  readonly key: string;
  readonly version: string;
  readonly n: number;
  readonly base64: string;
}

/** Re-cuts any chunks into pieces of exactly `size` bytes (the last one shorter). */
async function* rechunked(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, size: number): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + chunk.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (chunk.length > 0) {
      pending.push(Buffer.from(chunk));
      pendingBytes += chunk.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Document bytes kept in the shared store, so every API process sharing one MongoDB serves the
 * same files. A file is cut into chunk documents (as GridFS does) written first; its head
 * document, written last, names the write whose chunks are the content, so a reader never sees a
 * half-written file and an interrupted write leaves only unreferenced chunks.
 */
export class CollectionFileStorage implements FileStorage {
  private readonly heads: Collection<StoredFileHead>;
  private readonly chunks: Collection<StoredChunk>;
  private readonly ready: Promise<void>;

  constructor(store: CollectionStore) {
    this.heads = store.collection<StoredFileHead>('document_files');
    this.chunks = store.collection<StoredChunk>('document_file_chunks');
    this.ready = store.ensureIndexes('document_file_chunks', [{ name: 'key_version_n', keys: { key: 1, version: 1, n: 1 }, unique: true }]);
  }

  async put(key: string, content: FileContent, contentType: string): Promise<StoredFile> {
    await this.ready;
    const version = randomUUID();
    const hash = createHash('sha256');
    let size = 0;
    let n = 0;
    const source = content instanceof Uint8Array ? [content] : createReadStream(content.path, { highWaterMark: FILE_CHUNK_BYTES });
    for await (const chunk of rechunked(source, FILE_CHUNK_BYTES)) {
      hash.update(chunk);
      size += chunk.length;
      await this.chunks.insertOne({ _id: `${key}#${version}#${n}`, key, version, n, base64: chunk.toString('base64') });
      n += 1;
    }
    const sha256 = hash.digest('hex');
    const replaced = await this.heads.findOneAndUpdate(
      { _id: key },
      { $set: { contentType, size, sha256, version, chunks: n }, $unset: { base64: '' } },
      { upsert: true, returnDocument: 'before' },
    );
    // The write this one replaced is no longer referenced; each write removes only its predecessor,
    // so concurrent writes of one key never remove each other's chunks.
    if (replaced?.version) await this.chunks.deleteMany({ key, version: replaced.version });
    return { size, sha256 };
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const parts: Buffer[] = [];
    for await (const part of opened.stream) parts.push(part as Buffer);
    return { bytes: new Uint8Array(Buffer.concat(parts)), contentType: opened.contentType };
  }

  async open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null> {
    const head = await this.heads.findOne({ _id: key });
    if (!head) return null;
    const { size, contentType } = head;
    if (head.base64 !== undefined) return { stream: Readable.from([Buffer.from(head.base64, 'base64')]), size, contentType };
    const { version = '', chunks: count = 0 } = head;
    const chunks = this.chunks;
    // One chunk document read at a time, as the reader asks for more.
    async function* content(): AsyncIterable<Buffer> {
      for (let n = 0; n < count; n += 1) {
        const chunk = await chunks.findOne({ _id: `${key}#${version}#${n}` });
        if (!chunk) throw new Error(`Stored file ${key} is missing chunk ${n}.`);
        yield Buffer.from(chunk.base64, 'base64');
      }
    }
    return { stream: Readable.from(content()), size, contentType };
  }
}
