import type { DomainEvent } from '../../../core/events/domain-event.ts';
import type { Policy, PolicyStatus } from '../../../core/policy/policy.ts';
import type { CollectionStore } from '../../../ports/persistence/collection-store.port.ts';
import { mapPage, type Page, type PageRequest } from '../../../ports/persistence/page.ts';
import type { Transition } from '../../../core/shared/lifecycle.ts';
import type { PolicyChanges, PolicyRepository } from '../../../ports/policy/policy.repositories.ts';
import { definedFields, toDocument } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { carriesEvents, newOutbox, OUTBOX_INDEX, withEvents, withoutOutbox } from '../shared/outbox.ts';

/** Policies carry their unpublished events, so a change and its events are one write. */
export class PolicyStoreRepository implements PolicyRepository {
  private readonly records: RecordCollection<Policy>;

  private constructor(records: RecordCollection<Policy>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<PolicyStoreRepository> {
    carriesEvents(store, 'policies');
    return new PolicyStoreRepository(
      await RecordCollection.open<Policy>(store, 'policies', [
        { name: 'org_policy_number', keys: { orgId: 1, policyNumber: 1 }, unique: true },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        OUTBOX_INDEX,
      ]),
    );
  }

  async insert(policy: Policy, events: readonly DomainEvent[]): Promise<void> {
    await this.records.raw.insertOne({ ...toDocument(policy), ...newOutbox(events) });
  }

  async findById(orgId: string, id: string): Promise<Policy | null> {
    return strip(await this.records.findById(orgId, id));
  }

  async list(orgId: string, filters: { status?: PolicyStatus }, page: PageRequest): Promise<Page<Policy>> {
    return mapPage(await this.records.page(orgId, filters.status ? { status: filters.status } : {}, page), (policy) => strip(policy) as Policy);
  }

  async change(policy: Policy, step: Transition<PolicyStatus>, changes: PolicyChanges, events: readonly DomainEvent[], at: Date): Promise<Policy | null> {
    const update = withEvents({ $set: { ...definedFields(changes), status: step.to, updatedAt: at }, $inc: { version: 1 } }, events);
    return strip(await this.records.update(policy.orgId, policy.id, { version: policy.version, status: { $in: [...step.from] } }, update));
  }
}

const strip = (policy: Policy | null): Policy | null => (policy ? withoutOutbox(policy) : null);
