import type { DomainEvent } from '../../../core/shared/events/domain-event.ts';
import { POLICY_STATUSES, type Policy, type PolicyStatus } from '../../../core/policy/policy.ts';
import type { CollectionStore, Filter, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { KeptFigures } from '../../../ports/shared/persistence/kept-figures.port.ts';
import type { Among, Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { CalendarDate } from '../../../core/shared/calendar-date.ts';
import type { PolicyChanges, PolicyFilters, PolicyRepository, TermSpan } from '../../../ports/policy/policy.repositories.ts';
import { StoreSearchIndex } from '../shared/search-index.store.ts';
import { policySearchTerms } from '../../../core/policy/policy-search.ts';
import { lookupWords } from '../../../core/shared/search-words.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { POLICY_FIELDS } from './policy-fields.ts';
import { moveWithEvents, moveWrite } from '../shared/guarded-move.ts';
import { definedFields } from '../shared/document-mapping.ts';
import { newOutbox, OUTBOX_INDEX, type EventCarryingCollection } from '../shared/outbox.ts';

/** Its records carry events (the relay reads this collection). */
const POLICIES: EventCarryingCollection = 'policies';

/** Characters a regular expression reads as syntax, escaped so a name is matched as written. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The list's filters in the store's language. The insured name is matched whole with case
 * ignored: an anchored pattern of the escaped name (at most 200 characters, a literal, so it
 * cannot backtrack), over stored names of bounded length.
 */
const policyFilter = (filters: PolicyFilters): Filter => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.policyNumber ? { policyNumber: filters.policyNumber } : {}),
  ...(filters.producerId ? { producerId: filters.producerId } : {}),
  ...(filters.state ? { 'risk.state': filters.state } : {}),
  ...(filters.lineOfBusiness ? { 'risk.lineOfBusiness': filters.lineOfBusiness } : {}),
  ...(filters.insuredName ? { 'risk.insuredName': { $regex: `^${literal(filters.insuredName)}$`, $options: 'i' } } : {}),
  ...(filters.effectiveFrom || filters.effectiveTo
    ? { effectiveDate: { ...(filters.effectiveFrom ? { $gte: filters.effectiveFrom } : {}), ...(filters.effectiveTo ? { $lte: filters.effectiveTo } : {}) } }
    : {}),
});

/** Policies carry their unpublished events, so a change and its events are one write, with the portfolio figures it moves. */
export class PolicyStoreRepository implements PolicyRepository {
  private readonly records: RecordCollection<Policy>;
  private readonly search: StoreSearchIndex;
  private readonly figures: KeptFigures<Policy>;

  private constructor(records: RecordCollection<Policy>, search: StoreSearchIndex, figures: KeptFigures<Policy>) {
    this.records = records;
    this.search = search;
    this.figures = figures;
  }

  /** `figures`: what is kept from the policies (the portfolio's days), written with each of them. */
  static async create(store: CollectionStore, figures: KeptFigures<Policy>): Promise<PolicyStoreRepository> {
    const search = await StoreSearchIndex.create(store);
    return new PolicyStoreRepository(
      await RecordCollection.open<Policy>(store, POLICIES, POLICY_FIELDS, [
        { name: 'org_policy_number', keys: { orgId: 1, policyNumber: 1 }, unique: true },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        // A page of one state's policies in one status, newest first (the list's filters).
        { name: 'org_state_status', keys: { orgId: 1, 'risk.state': 1, status: 1, _id: -1 } },
        { name: 'policy_number', keys: { policyNumber: 1 } },
        // The day's work: notices running out, and terms reaching their expiration date.
        { name: 'org_status_cancels_on', keys: { orgId: 1, status: 1, 'delinquency.cancelsOn': 1 } },
        { name: 'org_status_expiration', keys: { orgId: 1, status: 1, expirationDate: 1 } },
        // The span of the book and of each program: what a report of a month outside it answers at once.
        { name: 'org_effective', keys: { orgId: 1, effectiveDate: 1 } },
        { name: 'org_program_expiration', keys: { orgId: 1, programId: 1, expirationDate: 1 } },
        { name: 'org_status_offer', keys: { orgId: 1, status: 1, renewalOfferOn: 1 } },
        // Filings: a surplus lines policy in its home state, any other in the risk's state.
        { name: 'org_tax_state_effective', keys: { orgId: 1, 'chargeTerms.taxState': 1, effectiveDate: 1 } },
        { name: 'org_risk_state_effective', keys: { orgId: 1, 'risk.state': 1, 'chargeTerms.taxState': 1, effectiveDate: 1 } },
        OUTBOX_INDEX,
      ]),
      search,
      figures,
    );
  }

  async insert(policy: Policy, events: readonly DomainEvent[]): Promise<void> {
    await this.records.writeTogether(this.insertWrites(policy, events));
  }

  insertWrites(policy: Policy, events: readonly DomainEvent[]): GroupedWrite[] {
    const stored = { ...this.records.mapper.toStored(policy), ...newOutbox(events) };
    const terms = StoreSearchIndex.freshWrites(policy.orgId, 'policy', policy.id, policySearchTerms(policy));
    return [{ collection: POLICIES, insertOne: stored }, ...this.figures.writes(policy, null), ...terms];
  }

  /** Indexes for `q` a batch of the policies stored before search existed (or restored from elsewhere); the last id, or null at the end. */
  reindexSearch(after: string | null, limit: number): Promise<string | null> {
    return this.search.reindex(this.records, 'policy', policySearchTerms, after, limit);
  }

  async findById(orgId: string, id: string): Promise<Policy | null> {
    return this.records.findById(orgId, id);
  }

  async findByNumberInAnyOrganization(policyNumber: string): Promise<Policy[]> {
    return (await this.records.raw.find({ policyNumber }, { limit: 20 })).map((document) => this.records.mapper.fromStored(document));
  }

  inNumberOrder(orgId: string, after: string | null, limit: number): Promise<Policy[]> {
    return this.records.inOrderOf(orgId, 'policyNumber', after, limit);
  }

  async list(orgId: string, filters: PolicyFilters & Among, page: PageRequest): Promise<Page<Policy>> {
    // A whole name is looked up by its words (the longest ones), then compared whole: never by reading every policy.
    const nameWords = filters.insuredName ? lookupWords(filters.insuredName) : [];
    const words = [...(filters.words ?? []), ...nameWords];
    if (words.length === 0) return this.records.page(orgId, policyFilter(filters), page, filters.among);
    const filter = policyFilter(filters);
    return this.search.page(orgId, 'policy', words, page, filters.among, 'policies', (ids) => this.records.findAmong(orgId, filter, ids));
  }

  async termSpan(orgId: string, programId?: string): Promise<TermSpan | null> {
    if (programId !== undefined) {
      const last = await this.records.raw.findOne({ orgId, programId }, { sort: { expirationDate: -1 } });
      return last ? { firstEffective: null, lastExpiration: last.expirationDate as CalendarDate } : null;
    }
    const first = await this.records.raw.findOne({ orgId }, { sort: { effectiveDate: 1 } });
    if (!first) return null;
    // The latest expiration of each status, through the index the day's work reads.
    const lasts = await Promise.all(POLICY_STATUSES.map((status) => this.records.raw.findOne({ orgId, status }, { sort: { expirationDate: -1 } })));
    const lastExpiration = lasts.reduce<string>(
      (latest, policy) => (policy && (policy.expirationDate as string) > latest ? (policy.expirationDate as string) : latest),
      '',
    );
    return { firstEffective: first.effectiveDate as CalendarDate, lastExpiration };
  }

  underNotice(orgId: string, cancellingBy?: CalendarDate): Promise<Policy[]> {
    return this.records.findAll(
      orgId,
      { status: 'active', 'delinquency.cancelsOn': { $gte: '', ...(cancellingBy ? { $lte: cancellingBy } : {}) } },
      { 'delinquency.cancelsOn': 1 },
    );
  }

  expiringBy(orgId: string, on: CalendarDate): Promise<Policy[]> {
    return this.records.findAll(orgId, { status: 'active', expirationDate: { $lte: on } }, { expirationDate: 1 });
  }

  renewalOffersDue(orgId: string, on: CalendarDate): Promise<Policy[]> {
    return this.records.findAll(orgId, { status: 'active', renewalOfferOn: { $gte: '', $lte: on } }, { renewalOfferOn: 1 });
  }

  filedIn(orgId: string, state: string, effectiveFrom: CalendarDate, effectiveTo: CalendarDate): Promise<Policy[]> {
    return this.records.findAll(orgId, { 'chargeTerms.taxState': state, effectiveDate: { $gte: effectiveFrom, $lte: effectiveTo } }, { effectiveDate: 1 });
  }

  async inForceFiledIn(orgId: string, state: string, on: CalendarDate): Promise<boolean> {
    const inForce = { effectiveDate: { $lte: on }, expirationDate: { $gt: on }, $or: [{ cancellation: null }, { 'cancellation.effectiveDate': { $gt: on } }] };
    // The latest terms first: the one in force, if any, is among the first looked at.
    const latest = { sort: { effectiveDate: -1 as const } };
    if (await this.records.raw.findOne({ orgId, 'chargeTerms.taxState': state, ...inForce }, latest)) return true;
    return (await this.records.raw.findOne({ orgId, 'chargeTerms.taxState': null, 'risk.state': state, ...inForce }, latest)) !== null;
  }

  async change(policy: Policy, step: Transition<PolicyStatus>, changes: PolicyChanges, events: readonly DomainEvent[], at: Date): Promise<Policy | null> {
    const figures = this.figures.writes({ ...policy, ...definedFields(changes) }, policy);
    const changed = await moveWithEvents(this.records, policy, step, changes, events, at, figures);
    // An endorsement that renames the insured changes what the policy is found by.
    if (changed && changes.risk && changes.risk.insuredName !== policy.risk.insuredName) {
      await this.search.put(changed.orgId, 'policy', changed.id, policySearchTerms(changed));
    }
    return changed;
  }

  changeWrites(policy: Policy, step: Transition<PolicyStatus>, changes: PolicyChanges, events: readonly DomainEvent[], at: Date): GroupedWrite[] {
    const after = { ...policy, ...definedFields(changes) } as Policy;
    const move = { where: { version: policy.version }, changes, events, at };
    if (changes.risk && changes.risk.insuredName !== policy.risk.insuredName)
      throw new Error('A change that renames the insured is written by `change`, which moves its search terms.');
    return [moveWrite(this.records, policy.orgId, policy.id, step, move, 'policy_changed'), ...this.figures.writes(after, policy)];
  }
}
