import type { DocumentType, StoredDocumentRecord } from '../../core/documents/stored-document.ts';
import type { Among, Page, PageRequest } from '../shared/persistence/page.ts';

export interface DocumentFilters extends Among {
  readonly type?: DocumentType;
  readonly policyId?: string;
  readonly claimId?: string;
  /** Only documents about one of these policies. */
  readonly policyIds?: readonly string[];
}

export interface DocumentRepository {
  /** Rejects with `duplicate` when the organization already has a document at this storage key. */
  insert(document: StoredDocumentRecord): Promise<void>;
  findById(orgId: string, id: string): Promise<StoredDocumentRecord | null>;
  findByStorageKey(orgId: string, storageKey: string): Promise<StoredDocumentRecord | null>;
  /** Newest first. */
  list(orgId: string, filters: DocumentFilters, page: PageRequest): Promise<Page<StoredDocumentRecord>>;
}
