import type { Commission, CommissionReversal } from '../../../core/billing/commission.ts';
import type { LedgerEntry } from '../../../core/billing/ledger.ts';
import type { CommissionRepository, LedgerRepository } from '../../../ports/billing/commission.repositories.ts';
import type { CollectionStore, Filter } from '../../../ports/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/persistence/page.ts';
import { definedFields, type RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const COMMISSION_FIELDS: RecordFields<Commission> = {
  id: true,
  orgId: true,
  invoiceId: true,
  policyId: true,
  producerId: true,
  lineOfBusiness: true,
  tier: true,
  rates: true,
  reversals: true,
  createdAt: true,
  grossPremium: true,
  agentCommission: true,
  mgaCommission: true,
  carrierNet: true,
};
const LEDGER_ENTRY_FIELDS: RecordFields<LedgerEntry> = {
  id: true,
  orgId: true,
  sourceKey: true,
  invoiceId: true,
  policyId: true,
  description: true,
  lines: true,
  fiduciarySplit: true,
  postedAt: true,
};

export class CommissionStoreRepository implements CommissionRepository {
  private readonly records: RecordCollection<Commission>;

  private constructor(records: RecordCollection<Commission>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<CommissionStoreRepository> {
    return new CommissionStoreRepository(
      await RecordCollection.open<Commission>(store, 'commissions', COMMISSION_FIELDS, [
        { name: 'org_invoice', keys: { orgId: 1, invoiceId: 1 }, unique: true },
        { name: 'org_producer', keys: { orgId: 1, producerId: 1, _id: -1 } },
      ]),
    );
  }

  insert(commission: Commission): Promise<void> {
    return this.records.insert(commission);
  }

  findByInvoice(orgId: string, invoiceId: string): Promise<Commission | null> {
    return this.records.findOne(orgId, { invoiceId });
  }

  async addReversal(orgId: string, invoiceId: string, knownReversals: number, reversal: CommissionReversal): Promise<Commission | null> {
    const document = await this.records.raw.findOneAndUpdate(
      { orgId, invoiceId, reversals: { $size: knownReversals }, 'reversals.reference': { $ne: reversal.reference } },
      { $push: { reversals: reversal } },
      { returnDocument: 'after' },
    );
    return document ? this.records.fromStored(document) : null;
  }

  list(orgId: string, filters: { producerId?: string; policyId?: string }, page: PageRequest): Promise<Page<Commission>> {
    return this.records.page(orgId, definedFields(filters) as Filter, page);
  }
}

export class LedgerStoreRepository implements LedgerRepository {
  private readonly records: RecordCollection<LedgerEntry>;

  private constructor(records: RecordCollection<LedgerEntry>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<LedgerStoreRepository> {
    return new LedgerStoreRepository(
      await RecordCollection.open<LedgerEntry>(store, 'ledger_entries', LEDGER_ENTRY_FIELDS, [
        { name: 'org_source', keys: { orgId: 1, sourceKey: 1 }, unique: true },
        { name: 'org_invoice', keys: { orgId: 1, invoiceId: 1, _id: -1 } },
      ]),
    );
  }

  post(entry: LedgerEntry): Promise<void> {
    return this.records.insert(entry);
  }

  findBySource(orgId: string, sourceKey: string): Promise<LedgerEntry | null> {
    return this.records.findOne(orgId, { sourceKey });
  }

  list(orgId: string, filters: { invoiceId?: string }, page: PageRequest): Promise<Page<LedgerEntry>> {
    return this.records.page(orgId, definedFields(filters) as Filter, page);
  }
}
