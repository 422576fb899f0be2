/** Where file bytes live, by key (a path such as `docs/{orgId}/receipts/…`). */
export interface FileStorage {
  /** Resolves once the bytes are durable, with their size and SHA-256 (lowercase hex). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<{ size: number; sha256: string }>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
}
