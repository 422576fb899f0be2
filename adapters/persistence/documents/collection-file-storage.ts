import { createHash } from 'node:crypto';
import type { FileStorage } from '../../../ports/documents/file-storage.port.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/persistence/collection-store.port.ts';

interface StoredBytes extends StoredDocument {
  readonly contentType: string;
  readonly base64: string;
  readonly size: number;
  readonly sha256: string;
}

/**
 * Document bytes kept in the shared store, so every API process sharing one MongoDB serves the
 * same files. Suited to receipts and generated documents (MongoDB documents stop at 16 MiB).
 */
export class CollectionFileStorage implements FileStorage {
  private readonly files: Collection<StoredBytes>;

  constructor(store: CollectionStore) {
    this.files = store.collection<StoredBytes>('document_files');
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<{ size: number; sha256: string }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const base64 = Buffer.from(bytes).toString('base64');
    await this.files.updateOne({ _id: key }, { $set: { contentType, base64, size: bytes.byteLength, sha256 } }, { upsert: true });
    return { size: bytes.byteLength, sha256 };
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const file = await this.files.findOne({ _id: key });
    return file ? { bytes: new Uint8Array(Buffer.from(file.base64, 'base64')), contentType: file.contentType } : null;
  }
}
