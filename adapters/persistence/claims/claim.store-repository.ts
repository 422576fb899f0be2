import type { Claim, ClaimStatus } from '../../../core/claims/claim.ts';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { ClaimChanges, ClaimFilters, ClaimRepository } from '../../../ports/claims/claim.repository.ts';
import type { CollectionStore, Filter } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { definedFields, type RecordFields } from '../shared/document-mapping.ts';
import { moveWithEvents } from '../shared/guarded-move.ts';
import { newOutbox, OUTBOX_INDEX, type EventCarryingCollection } from '../shared/outbox.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { StoreSearchIndex } from '../shared/search-index.store.ts';
import { claimSearchTerms } from '../../../core/claims/claim-search.ts';

/** Its records carry events (the relay reads this collection). */
const CLAIMS: EventCarryingCollection = 'claims';

const CLAIM_FIELDS: RecordFields<Claim> = {
  id: true,
  orgId: true,
  claimNumber: true,
  policyId: true,
  policyNumber: true,
  insuredName: true,
  status: true,
  lossDate: true,
  description: true,
  lossType: true,
  claimant: true,
  location: true,
  estimatedAmount: true,
  adjusterId: true,
  reserves: true,
  reserveHistory: true,
  paid: true,
  settlements: true,
  denialReason: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  version: true,
};

/** Claims carry their unpublished events, so a change and its events are one write. */
export class ClaimStoreRepository implements ClaimRepository {
  private readonly records: RecordCollection<Claim>;
  private readonly search: StoreSearchIndex;

  private constructor(records: RecordCollection<Claim>, search: StoreSearchIndex) {
    this.records = records;
    this.search = search;
  }

  static async create(store: CollectionStore): Promise<ClaimStoreRepository> {
    return new ClaimStoreRepository(
      await RecordCollection.open<Claim>(store, CLAIMS, CLAIM_FIELDS, [
        { name: 'org_claim_number', keys: { orgId: 1, claimNumber: 1 }, unique: true },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        { name: 'org_adjuster', keys: { orgId: 1, adjusterId: 1, _id: -1 } },
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
        OUTBOX_INDEX,
      ]),
      await StoreSearchIndex.create(store),
    );
  }

  async insert(claim: Claim, events: readonly DomainEvent[]): Promise<void> {
    await this.records.raw.insertOne({ ...this.records.mapper.toStored(claim), ...newOutbox(events) });
    await this.search.put(claim.orgId, 'claim', claim.id, claimSearchTerms(claim), true);
  }

  /** Indexes for `q` a batch of the claims stored before search existed; the last id, or null at the end. */
  reindexSearch(after: string | null, limit: number): Promise<string | null> {
    return this.search.reindex(this.records, 'claim', claimSearchTerms, after, limit);
  }

  findById(orgId: string, id: string): Promise<Claim | null> {
    return this.records.findById(orgId, id);
  }

  inNumberOrder(orgId: string, after: string | null, limit: number): Promise<Claim[]> {
    return this.records.inOrderOf(orgId, 'claimNumber', after, limit);
  }

  async list(orgId: string, filters: ClaimFilters, page: PageRequest): Promise<Page<Claim>> {
    const { among, words, ...fields } = filters;
    const found = words ? await this.search.among(orgId, 'claim', words, among, 'claims') : among;
    return this.records.page(orgId, definedFields(fields) as Filter, page, found);
  }

  change(claim: Claim, step: Transition<ClaimStatus>, changes: ClaimChanges, events: readonly DomainEvent[], at: Date): Promise<Claim | null> {
    return moveWithEvents(this.records, claim, step, changes, events, at);
  }
}
