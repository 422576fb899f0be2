import type { RecordFields } from '../shared/document-mapping.ts';
import type { PolicyTransaction } from '../../../core/policy/policy-transaction.ts';
import type { CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { PolicyTransactionRepository } from '../../../ports/policy/policy.repositories.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const POLICY_TRANSACTION_FIELDS: RecordFields<PolicyTransaction> = {
  id: true,
  orgId: true,
  policyId: true,
  type: true,
  effectiveDate: true,
  actor: true,
  premiumDelta: true,
  details: true,
  createdAt: true,
};

export class PolicyTransactionStoreRepository implements PolicyTransactionRepository {
  private readonly records: RecordCollection<PolicyTransaction>;

  private constructor(records: RecordCollection<PolicyTransaction>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<PolicyTransactionStoreRepository> {
    return new PolicyTransactionStoreRepository(
      await RecordCollection.open<PolicyTransaction>(store, 'policy_transactions', POLICY_TRANSACTION_FIELDS, [
        { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: 1 } },
      ]),
    );
  }

  insert(transaction: PolicyTransaction): Promise<void> {
    return this.records.insert(transaction);
  }

  insertWrite(transaction: PolicyTransaction): GroupedWrite {
    return this.records.insertion(transaction);
  }

  forPolicy(orgId: string, policyId: string): Promise<PolicyTransaction[]> {
    return this.records.findAll(orgId, { policyId }, { _id: 1 });
  }
}
