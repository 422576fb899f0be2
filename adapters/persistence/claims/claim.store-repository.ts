import type { Claim, ClaimStatus } from '../../../core/claims/claim.ts';
import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { ClaimChanges, ClaimFilters, ClaimRepository } from '../../../ports/claims/claim.repository.ts';
import type { CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { KeptFigures } from '../../../ports/shared/persistence/kept-figures.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { definedFields } from '../shared/document-mapping.ts';
import { moveWithEvents } from '../shared/guarded-move.ts';
import { newOutbox, OUTBOX_INDEX, type EventCarryingCollection } from '../shared/outbox.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { CLAIM_FIELDS } from './claim-fields.ts';
import { StoreSearchIndex } from '../shared/search-index.store.ts';
import { claimSearchTerms } from '../../../core/claims/claim-search.ts';

/** Its records carry events (the relay reads this collection). */
const CLAIMS: EventCarryingCollection = 'claims';

/** Claims carry their unpublished events, so a change and its events are one write, with the losses it moves in the portfolio. */
export class ClaimStoreRepository implements ClaimRepository {
  private readonly records: RecordCollection<Claim>;
  private readonly search: StoreSearchIndex;
  private readonly figures: KeptFigures<Claim>;

  private constructor(records: RecordCollection<Claim>, search: StoreSearchIndex, figures: KeptFigures<Claim>) {
    this.records = records;
    this.search = search;
    this.figures = figures;
  }

  /** `figures`: what is kept from the claims (the portfolio's losses by day), written with each of them. */
  static async create(store: CollectionStore, figures: KeptFigures<Claim>): Promise<ClaimStoreRepository> {
    return new ClaimStoreRepository(
      await RecordCollection.open<Claim>(store, CLAIMS, CLAIM_FIELDS, [
        { name: 'org_claim_number', keys: { orgId: 1, claimNumber: 1 }, unique: true },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        { name: 'org_adjuster', keys: { orgId: 1, adjusterId: 1, _id: -1 } },
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
        OUTBOX_INDEX,
      ]),
      await StoreSearchIndex.create(store),
      figures,
    );
  }

  async insert(claim: Claim, events: readonly DomainEvent[], with_: readonly GroupedWrite[] = []): Promise<void> {
    const stored = { ...this.records.mapper.toStored(claim), ...newOutbox(events) };
    const terms = StoreSearchIndex.freshWrites(claim.orgId, 'claim', claim.id, claimSearchTerms(claim));
    await this.records.writeTogether([{ collection: CLAIMS, insertOne: stored }, ...this.figures.writes(claim, null), ...terms, ...with_]);
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
    const filter = definedFields(fields) as Filter;
    if (!words) return this.records.page(orgId, filter, page, among);
    return this.search.page(orgId, 'claim', words, page, among, 'claims', (ids) => this.records.findAmong(orgId, filter, ids));
  }

  change(
    claim: Claim,
    step: Transition<ClaimStatus>,
    changes: ClaimChanges,
    events: readonly DomainEvent[],
    at: Date,
    with_: readonly GroupedWrite[] = [],
  ): Promise<Claim | null> {
    const figures = this.figures.writes({ ...claim, ...definedFields(changes) }, claim);
    return moveWithEvents(this.records, claim, step, changes, events, at, [...figures, ...with_]);
  }
}
