import type { AuditEntry } from '../../../core/audit/audit-entry.ts';
import type { AuditLog } from '../../../ports/audit/audit-log.port.ts';
import type { Collection, CollectionStore } from '../../../ports/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/persistence/page.ts';
import { findPage } from '../shared/cursor-page.ts';
import { fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'audit_log';
type AuditDocument = DocumentOf<AuditEntry>;

export class AuditLogStore implements AuditLog {
  private readonly entries: Collection<AuditDocument>;

  private constructor(store: CollectionStore) {
    this.entries = store.collection<AuditDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<AuditLogStore> {
    await store.ensureIndexes(COLLECTION, [{ name: 'org_newest', keys: { orgId: 1, _id: -1 } }]);
    return new AuditLogStore(store);
  }

  record(entry: AuditEntry): Promise<void> {
    return this.entries.insertOne(toDocument(entry));
  }

  list(orgId: string, page: PageRequest): Promise<Page<AuditEntry>> {
    return findPage(this.entries, { orgId }, page, (row) => fromDocument<AuditEntry>(row));
  }
}
