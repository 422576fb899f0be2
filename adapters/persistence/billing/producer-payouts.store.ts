import { postingThroughGate } from './period-gates.ts';
import type { JournalEntry, ProducerPayout } from '../../../core/billing/producer-payout.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Cents } from '../../../core/shared/money.ts';
import type { JournalRepository, ProducerPayoutRepository } from '../../../ports/billing/producer-payouts.repository.ts';
import type { Collection, CollectionStore, GroupedWrite, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const PAYOUT_FIELDS: RecordFields<ProducerPayout> = {
  id: true,
  orgId: true,
  producerId: true,
  amount: true,
  method: true,
  reference: true,
  month: true,
  paidBy: true,
  createdAt: true,
  bookedOn: true,
  accountingMonth: true,
};

const JOURNAL_FIELDS: RecordFields<JournalEntry> = {
  id: true,
  orgId: true,
  sourceKey: true,
  description: true,
  lines: true,
  postedAt: true,
  bookedOn: true,
  accountingMonth: true,
};

const PAID_TOTALS = 'producer_paid_totals';

/** What has been reserved for payouts to one producer, in cents. */
interface PaidToDocument extends StoredDocument {
  readonly paid: number;
}

export class ProducerPayoutStoreRepository implements ProducerPayoutRepository {
  private readonly records: RecordCollection<ProducerPayout>;
  private readonly paidTo: Collection<PaidToDocument>;

  private constructor(records: RecordCollection<ProducerPayout>, paidTo: Collection<PaidToDocument>) {
    this.records = records;
    this.paidTo = paidTo;
  }

  static async create(store: CollectionStore): Promise<ProducerPayoutStoreRepository> {
    const records = await RecordCollection.open<ProducerPayout>(store, 'producer_payouts', PAYOUT_FIELDS, [
      { name: 'org_reference', keys: { orgId: 1, reference: 1 }, unique: true },
      { name: 'org_producer', keys: { orgId: 1, producerId: 1, _id: 1 } },
    ]);
    return new ProducerPayoutStoreRepository(records, store.collection<PaidToDocument>(PAID_TOTALS));
  }

  async open(orgId: string, producerId: string): Promise<void> {
    await writeUnlessDuplicate(() => this.paidTo.insertOne({ _id: `${orgId}:${producerId}`, paid: 0 }));
  }

  payoutWrites(payout: ProducerPayout, limit: Cents): GroupedWrite[] {
    const filter = { _id: `${payout.orgId}:${payout.producerId}`, paid: { $lte: limit - payout.amount } };
    return [
      { collection: PAID_TOTALS, updateOne: { filter, update: { $inc: { paid: payout.amount } }, required: true, guard: 'payout_limit' } },
      this.records.insertion(payout),
    ];
  }

  findByReference(orgId: string, reference: string): Promise<ProducerPayout | null> {
    return this.records.findOne(orgId, { reference });
  }

  forProducer(orgId: string, producerId: string): Promise<ProducerPayout[]> {
    return this.records.findAll(orgId, { producerId });
  }
}

export class JournalStoreRepository implements JournalRepository {
  private readonly records: RecordCollection<JournalEntry>;

  private constructor(records: RecordCollection<JournalEntry>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<JournalStoreRepository> {
    return new JournalStoreRepository(
      await RecordCollection.open<JournalEntry>(store, 'journal_entries', JOURNAL_FIELDS, [
        { name: 'org_source', keys: { orgId: 1, sourceKey: 1 }, unique: true },
      ]),
    );
  }

  /** The posting and its pass through its month's gate (period-gates.ts). */
  postWrites(entry: JournalEntry): GroupedWrite[] {
    return [this.records.insertion(entry), postingThroughGate(entry.orgId, entry.accountingMonth)];
  }

  list(orgId: string, page: PageRequest): Promise<Page<JournalEntry>> {
    return this.records.page(orgId, {}, page);
  }
}
