import type { CommissionMonthTotal } from '../../../core/billing/commission-totals.ts';
import type { Commission } from '../../../core/billing/commission.ts';
import type { LedgerEntry } from '../../../core/billing/ledger.ts';
import type { CommissionRepository, LedgerRepository } from '../../../ports/billing/commission.repositories.ts';
import type { CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Among, Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { definedFields, type RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { postingThroughGate } from './period-gates.ts';
import { CommissionTotalsStore } from './commission-totals.store.ts';

const COMMISSION_FIELDS: RecordFields<Commission> = {
  id: true,
  orgId: true,
  invoiceId: true,
  policyId: true,
  producerId: true,
  sourceKey: true,
  description: true,
  lineOfBusiness: true,
  tier: true,
  rates: true,
  createdAt: true,
  bookedOn: true,
  accountingMonth: true,
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
  sequence: true,
  position: true,
  rates: true,
  description: true,
  lines: true,
  fiduciarySplit: true,
  postedAt: true,
  bookedOn: true,
  accountingMonth: true,
};

export class CommissionStoreRepository implements CommissionRepository {
  private readonly records: RecordCollection<Commission>;

  private constructor(records: RecordCollection<Commission>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<CommissionStoreRepository> {
    return new CommissionStoreRepository(
      await RecordCollection.open<Commission>(store, 'commissions', COMMISSION_FIELDS, [
        { name: 'org_source', keys: { orgId: 1, sourceKey: 1 }, unique: true },
        { name: 'org_producer', keys: { orgId: 1, producerId: 1, _id: -1 } },
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
        { name: 'org_created', keys: { orgId: 1, createdAt: 1 } },
      ]),
    );
  }

  insert(commission: Commission): Promise<void> {
    return this.records.insert(commission);
  }

  insertWrite(commission: Commission): GroupedWrite {
    return this.records.insertion(commission);
  }

  recordedBetween(orgId: string, from: Date, before: Date): Promise<Commission[]> {
    return this.records.findAll(orgId, { createdAt: { $gte: from, $lt: before } }, { createdAt: 1 });
  }

  forPolicies(orgId: string, policyIds: readonly string[]): Promise<Commission[]> {
    return this.records.findAll(orgId, { policyId: { $in: [...policyIds] } }, { _id: 1 }, { bulk: true });
  }

  findBySource(orgId: string, sourceKey: string): Promise<Commission | null> {
    return this.records.findOne(orgId, { sourceKey });
  }

  list(
    orgId: string,
    filters: { producerId?: string; policyId?: string; recordedFrom?: Date; recordedBefore?: Date } & Among,
    page: PageRequest,
  ): Promise<Page<Commission>> {
    const { among, recordedFrom, recordedBefore, ...fields } = filters;
    const recorded = recordedFrom || recordedBefore ? { createdAt: definedFields({ $gte: recordedFrom, $lt: recordedBefore }) } : {};
    return this.records.page(orgId, { ...(definedFields(fields) as Filter), ...recorded }, page, among);
  }
}

export class LedgerStoreRepository implements LedgerRepository {
  private readonly records: RecordCollection<LedgerEntry>;
  /** The commission totals kept with the postings (see CommissionTotalsStore). */
  readonly totals: CommissionTotalsStore;

  private constructor(records: RecordCollection<LedgerEntry>, totals: CommissionTotalsStore) {
    this.records = records;
    this.totals = totals;
  }

  static async create(store: CollectionStore): Promise<LedgerStoreRepository> {
    const records = await RecordCollection.open<LedgerEntry>(store, 'ledger_entries', LEDGER_ENTRY_FIELDS, [
      { name: 'org_source', keys: { orgId: 1, sourceKey: 1 }, unique: true },
      { name: 'org_invoice', keys: { orgId: 1, invoiceId: 1, _id: -1 } },
      { name: 'org_policy_sequence', keys: { orgId: 1, policyId: 1, sequence: -1 } },
      { name: 'org_posted', keys: { orgId: 1, postedAt: 1 } },
    ]);
    return new LedgerStoreRepository(records, await CommissionTotalsStore.open(store, records));
  }

  post(entry: LedgerEntry): Promise<void> {
    return this.records.writeTogether(this.postWrites(entry));
  }

  /** The posting, its month's commission total and its pass through the month's gate (period-gates.ts). */
  postWrites(entry: LedgerEntry): GroupedWrite[] {
    const total = CommissionTotalsStore.totalWrite(entry);
    const gate = entry.accountingMonth ? [postingThroughGate(entry.orgId, entry.accountingMonth)] : [];
    return [this.records.insertion(entry), ...(total ? [total] : []), ...gate];
  }

  commissionTotals(orgId: string, from: string, to: string): Promise<CommissionMonthTotal[]> {
    return this.totals.between(orgId, from, to);
  }

  postedBetween(orgId: string, from: Date, before: Date): Promise<LedgerEntry[]> {
    return this.records.findAll(orgId, { postedAt: { $gte: from, $lt: before } }, { postedAt: 1 });
  }

  forPolicies(orgId: string, policyIds: readonly string[]): Promise<LedgerEntry[]> {
    return this.records.findAll(orgId, { policyId: { $in: [...policyIds] } }, { _id: 1 }, { bulk: true });
  }

  findBySource(orgId: string, sourceKey: string): Promise<LedgerEntry | null> {
    return this.records.findOne(orgId, { sourceKey });
  }

  async latestForPolicy(orgId: string, policyId: string): Promise<LedgerEntry | null> {
    const latest = await this.records.raw.findOne({ orgId, policyId }, { sort: { sequence: -1 } });
    return latest ? this.records.fromStored(latest) : null;
  }

  list(orgId: string, filters: { invoiceId?: string; policyId?: string }, page: PageRequest): Promise<Page<LedgerEntry>> {
    return this.records.page(orgId, definedFields(filters) as Filter, page);
  }
}
