import type { DomainEvent } from '../../../core/events/domain-event.ts';
import type { Policy, PolicyStatus } from '../../../core/policy/policy.ts';
import type { DocumentStore } from '../../../ports/persistence/document-store.port.ts';
import { mapPage, type Page, type PageRequest } from '../../../ports/persistence/page.ts';
import type { PolicyRepository } from '../../../ports/policy/policy.repositories.ts';
import { definedFields, toDocument } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';
import { OUTBOX_FIELD, OUTBOX_FLAG } from './outbox-fields.ts';

/** Policies carry their unpublished events, so a change and its events are one write. */
export class PolicyStoreRepository implements PolicyRepository {
  private readonly records: RecordCollection<Policy>;

  private constructor(records: RecordCollection<Policy>) {
    this.records = records;
  }

  static async create(store: DocumentStore): Promise<PolicyStoreRepository> {
    return new PolicyStoreRepository(
      await RecordCollection.open<Policy>(store, 'policies', [
        { name: 'org_policy_number', keys: { orgId: 1, policyNumber: 1 }, unique: true },
        { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
        { name: 'outbox', keys: { [OUTBOX_FLAG]: 1 } },
      ]),
    );
  }

  async insert(policy: Policy, events: readonly DomainEvent[]): Promise<void> {
    await this.records.raw.insertOne({ ...toDocument(policy), [OUTBOX_FIELD]: [...events], [OUTBOX_FLAG]: events.length > 0 });
  }

  async findById(orgId: string, id: string): Promise<Policy | null> {
    return strip(await this.records.findById(orgId, id));
  }

  async list(orgId: string, filters: { status?: PolicyStatus }, page: PageRequest): Promise<Page<Policy>> {
    return mapPage(await this.records.page(orgId, filters.status ? { status: filters.status } : {}, page), (policy) => strip(policy) as Policy);
  }

  async change(policy: Policy, changes: Partial<Omit<Policy, 'id' | 'orgId' | 'version'>>, events: readonly DomainEvent[], at: Date): Promise<Policy | null> {
    const update = {
      $set: { ...definedFields(changes), updatedAt: at, ...(events.length > 0 ? { [OUTBOX_FLAG]: true } : {}) },
      $inc: { version: 1 },
      ...(events.length > 0 ? { $push: { [OUTBOX_FIELD]: { $each: [...events] } } } : {}),
    };
    return strip(await this.records.update(policy.orgId, policy.id, { version: policy.version }, update));
  }
}

const strip = (policy: Policy | null): Policy | null => {
  if (!policy) return null;
  const { [OUTBOX_FIELD]: _events, [OUTBOX_FLAG]: _flag, ...rest } = policy as Policy & Record<string, unknown>;
  return rest as unknown as Policy;
};
