import type { JournalEntry, ProducerPayout } from '../../../core/billing/producer-payout.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Cents } from '../../../core/shared/money.ts';
import type { JournalRepository, ProducerPayoutRepository } from '../../../ports/billing/producer-payouts.repository.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';
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
    return new ProducerPayoutStoreRepository(records, store.collection<PaidToDocument>('producer_paid_totals'));
  }

  async reserve(orgId: string, producerId: string, amount: Cents, limit: Cents): Promise<boolean> {
    const _id = `${orgId}:${producerId}`;
    await writeUnlessDuplicate(() => this.paidTo.insertOne({ _id, paid: 0 }));
    const taken = await this.paidTo.updateOne({ _id, paid: { $lte: limit - amount } }, { $inc: { paid: amount } });
    return taken.modifiedCount === 1;
  }

  async release(orgId: string, producerId: string, amount: Cents): Promise<void> {
    await this.paidTo.updateOne({ _id: `${orgId}:${producerId}` }, { $inc: { paid: -amount } });
  }

  insert(payout: ProducerPayout): Promise<void> {
    return this.records.insert(payout);
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

  post(entry: JournalEntry): Promise<void> {
    return this.records.insert(entry);
  }

  list(orgId: string, page: PageRequest): Promise<Page<JournalEntry>> {
    return this.records.page(orgId, {}, page);
  }
}
