/** Kinds of documents the platform keeps. */
export const DOCUMENT_TYPES = ['receipt', 'coi', 'mcs90', 'cancellation_notice', 'policy_document', 'rendered', 'ingested', 'attachment', 'signed'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

import type { Classification } from './document-classification.ts';
import type { ExtractedFields } from './field-extraction.ts';

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
  /** Pages of a PDF the platform rendered. */
  readonly pages?: number | null;
  /** A certificate's own number (unique per organization). */
  readonly certificateNumber?: string | null;
  /** What an ingested document was found to be, and by which classifier. */
  readonly classification?: (Classification & { readonly classifiedBy: 'embedded' | 'ai' }) | null;
  /** Fields read from an ingested document (money in dollars). */
  readonly extracted?: ExtractedFields | null;
  /** Who stored it: a user id, or null for documents the platform generates. */
  readonly createdBy?: string | null;
  readonly createdAt: Date;
}
