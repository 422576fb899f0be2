/**
 * An uploaded file received in full and kept on local disk while the request that carried it
 * is served. Uploads are streamed to disk as they arrive, never held whole in memory; whoever
 * needs the bytes reads them from `path` (a worker thread, for parsing).
 */
export interface StagedFile {
  readonly path: string;
  readonly size: number;
  /** Hex SHA-256 of the content, computed while it streamed in. */
  readonly sha256: string;
  /** The first bytes (up to SNIFF_BYTES), kept as they streamed in, to tell what the file is. */
  readonly head: Uint8Array;
  readonly contentType: string;
  readonly filename: string | null;
}
