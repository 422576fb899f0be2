import { definedFields, type RecordFields } from '../shared/document-mapping.ts';
import type { StoredDocumentRecord } from '../../../core/documents/stored-document.ts';
import type { DocumentFilters, DocumentRepository } from '../../../ports/documents/document.repository.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { CollectionStore, Filter } from '../../../ports/shared/persistence/collection-store.port.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const STORED_DOCUMENT_RECORD_FIELDS: RecordFields<StoredDocumentRecord> = {
  id: true,
  orgId: true,
  type: true,
  filename: true,
  contentType: true,
  size: true,
  sha256: true,
  storageKey: true,
  policyId: true,
  claimId: true,
  certificateNumber: true,
  pages: true,
  classification: true,
  extracted: true,
  createdBy: true,
  createdAt: true,
};

export class DocumentStoreRepository implements DocumentRepository {
  private readonly records: RecordCollection<StoredDocumentRecord>;

  private constructor(records: RecordCollection<StoredDocumentRecord>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<DocumentStoreRepository> {
    return new DocumentStoreRepository(
      await RecordCollection.open<StoredDocumentRecord>(store, 'documents', STORED_DOCUMENT_RECORD_FIELDS, [
        { name: 'org_storage_key', keys: { orgId: 1, storageKey: 1 }, unique: true },
        { name: 'org_claim', keys: { orgId: 1, claimId: 1, _id: -1 } },
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
      ]),
    );
  }

  insert(document: StoredDocumentRecord): Promise<void> {
    return this.records.insert(document);
  }

  findById(orgId: string, id: string): Promise<StoredDocumentRecord | null> {
    return this.records.findById(orgId, id);
  }

  findByStorageKey(orgId: string, storageKey: string): Promise<StoredDocumentRecord | null> {
    return this.records.findOne(orgId, { storageKey });
  }

  list(orgId: string, filters: DocumentFilters, page: PageRequest): Promise<Page<StoredDocumentRecord>> {
    const { among, policyIds, ...fields } = filters;
    return this.records.page(orgId, { ...definedFields(fields), ...(policyIds ? { policyId: { $in: policyIds } } : {}) } as Filter, page, among);
  }
}
