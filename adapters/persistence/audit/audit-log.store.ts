import type { AuditEntry } from '../../../core/audit/audit-entry.ts';
import type { AuditFilters, AuditLog } from '../../../ports/audit/audit-log.port.ts';
import type { Collection, CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { findPage } from '../shared/cursor-page.ts';
import { definedFields, fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'audit_log';
type AuditDocument = DocumentOf<AuditEntry>;

export class AuditLogStore implements AuditLog {
  private readonly entries: Collection<AuditDocument>;

  private constructor(store: CollectionStore) {
    this.entries = store.collection<AuditDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<AuditLogStore> {
    await store.ensureIndexes(COLLECTION, [
      { name: 'org_newest', keys: { orgId: 1, _id: -1 } },
      { name: 'org_target', keys: { orgId: 1, targetType: 1, targetId: 1, _id: -1 } },
    ]);
    return new AuditLogStore(store);
  }

  record(entry: AuditEntry): Promise<void> {
    return this.entries.insertOne(toDocument(entry));
  }

  recordWrite(entry: AuditEntry): GroupedWrite {
    return { collection: COLLECTION, insertOne: toDocument(entry) };
  }

  list(orgId: string, page: PageRequest, filters: AuditFilters = {}): Promise<Page<AuditEntry>> {
    const filter: Filter = { orgId };
    if (filters.actor) filter.actor = filters.actor;
    // A prefix is matched as a range: no pattern is ever run over stored text.
    if (filters.action) filter.action = filters.action.endsWith('.') ? { $gte: filters.action, $lt: `${filters.action}\uffff` } : filters.action;
    if (filters.targetType) filter.targetType = filters.targetType;
    if (filters.targetId) filter.targetId = filters.targetId;
    if (filters.from || filters.to) filter.at = definedFields({ $gte: filters.from, $lte: filters.to });
    return findPage(this.entries, filter, page, (row) => fromDocument<AuditEntry>(row));
  }
}
