import type { Readable } from 'node:stream';

/** What to store: bytes in hand (small generated documents), or a local file streamed in (uploads). */
export type FileContent = Uint8Array | { readonly path: string; readonly size: number };

export interface StoredFile {
  readonly size: number;
  /** Lowercase hex SHA-256 of the bytes as stored. */
  readonly sha256: string;
}

/** Where file bytes live, by key (a path such as `docs/{orgId}/receipts/…`). */
export interface FileStorage {
  /** Resolves once the bytes are durable; a file is read in chunks, never held whole. */
  put(key: string, content: FileContent, contentType: string): Promise<StoredFile>;
  /** The whole content, for small documents a caller needs in hand. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** The content as a stream, for serving files of any size. */
  open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null>;
}
