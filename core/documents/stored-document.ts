/** Kinds of documents the platform keeps. */
export const DOCUMENT_TYPES = ['receipt', 'coi', 'mcs90', 'rendered', 'ingested', 'attachment'] as const;
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
  /** The policy or claim the document is about (for lists and access); absent on documents stored before links were kept. */
  readonly policyId?: string | null;
  readonly claimId?: string | null;
  /** A certificate's own number (unique per organization). */
  readonly certificateNumber?: string | null;
  /** Who stored it: a user id, or null for documents the platform generates. */
  readonly createdBy?: string | null;
  readonly createdAt: Date;
}
