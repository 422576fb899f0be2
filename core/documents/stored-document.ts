/** Kinds of documents the platform keeps. */
export const DOCUMENT_TYPES = ['receipt', 'coi', 'rendered', 'ingested', 'attachment'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A stored file's metadata; the bytes live in document storage under `storageKey`. */
export interface StoredDocumentRecord {
  readonly id: string;
  readonly orgId: string;
  readonly type: DocumentType;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  readonly storageKey: string;
  readonly createdAt: Date;
}
