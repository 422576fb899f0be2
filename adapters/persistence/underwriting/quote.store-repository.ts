import type { RecordFields } from '../shared/document-mapping.ts';
import { QUOTE_LIFECYCLE, type Quote } from '../../../core/underwriting/quote.ts';
import { transition } from '../../../core/shared/lifecycle.ts';
import type { CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { QuoteRepository } from '../../../ports/underwriting/underwriting.repositories.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { guardedMove, moveFilter, moveUpdate, moveWrite } from '../shared/guarded-move.ts';

const QUOTES = 'quotes';

const QUOTE_FIELDS: RecordFields<Quote> = {
  id: true,
  orgId: true,
  submissionId: true,
  risk: true,
  grossPremium: true,
  breakdown: true,
  daFlags: true,
  bindable: true,
  status: true,
  programId: true,
  programVersion: true,
  rateTableVersion: true,
  chargeTerms: true,
  validUntil: true,
  policyId: true,
  quotedBy: true,
  createdAt: true,
};

export class QuoteStoreRepository implements QuoteRepository {
  private readonly records: RecordCollection<Quote>;

  private constructor(records: RecordCollection<Quote>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<QuoteStoreRepository> {
    return new QuoteStoreRepository(
      await RecordCollection.open<Quote>(store, 'quotes', QUOTE_FIELDS, [{ name: 'org_submission_status', keys: { orgId: 1, submissionId: 1, status: 1 } }]),
    );
  }

  insert(quote: Quote): Promise<void> {
    return this.records.insert(quote);
  }

  findById(orgId: string, id: string): Promise<Quote | null> {
    return this.records.findById(orgId, id);
  }

  async findActive(orgId: string, submissionId: string): Promise<Quote | null> {
    const [newest] = await this.records.findAll(orgId, { submissionId, status: 'active' }, { _id: -1 });
    return newest ?? null;
  }

  quoteWrites(quote: Quote): GroupedWrite[] {
    return [this.records.insertion(quote), this.supersedeWrite(quote.orgId, quote.submissionId, quote.id)];
  }

  bindWrites(orgId: string, id: string, policyId: string, submissionId: string | null): GroupedWrite[] {
    const bind = moveWrite(this.records, orgId, id, transition(QUOTE_LIFECYCLE, 'bind'), { changes: { policyId } }, 'quote_taken');
    return submissionId ? [bind, this.supersedeWrite(orgId, submissionId, id)] : [bind];
  }

  /** Every active quote of the submission but `keepId` superseded, as a write of a group. */
  private supersedeWrite(orgId: string, submissionId: string, keepId: string): GroupedWrite {
    const step = transition(QUOTE_LIFECYCLE, 'supersede');
    return { collection: QUOTES, updateMany: { filter: moveFilter(step, { where: { orgId, submissionId, _id: { $ne: keepId } } }), update: moveUpdate(step) } };
  }

  async withdraw(orgId: string, id: string): Promise<void> {
    await guardedMove(this.records, orgId, id, transition(QUOTE_LIFECYCLE, 'supersede'));
  }
}
