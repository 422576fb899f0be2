import type { StoredDocumentRecord } from '../../core/documents/stored-document.ts';

export interface DocumentRepository {
  /** Rejects with `duplicate` when the organization already has a document at this storage key. */
  insert(document: StoredDocumentRecord): Promise<void>;
  findById(orgId: string, id: string): Promise<StoredDocumentRecord | null>;
  findByStorageKey(orgId: string, storageKey: string): Promise<StoredDocumentRecord | null>;
}
