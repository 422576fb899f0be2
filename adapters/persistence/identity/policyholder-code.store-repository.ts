import { POLICYHOLDER_CODE_MAX_ATTEMPTS, type PolicyholderCode } from '../../../core/identity/policyholder-code.ts';
import type { PolicyholderCodeRepository } from '../../../ports/identity/policyholder-code.repository.ts';
import type { Collection, CollectionStore } from '../../../ports/persistence/collection-store.port.ts';
import { fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'policyholder_codes';
type CodeDocument = DocumentOf<PolicyholderCode>;

/** Pending policyholder sign-in codes, one per policy; expired ones are removed by the store (TTL). */
export class PolicyholderCodeStoreRepository implements PolicyholderCodeRepository {
  private readonly codes: Collection<CodeDocument>;

  private constructor(store: CollectionStore) {
    this.codes = store.collection<CodeDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<PolicyholderCodeStoreRepository> {
    await store.ensureIndexes(COLLECTION, [
      { name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 },
      { name: 'policy_number', keys: { policyNumber: 1 } },
    ]);
    return new PolicyholderCodeStoreRepository(store);
  }

  async save(code: PolicyholderCode): Promise<void> {
    const { _id, ...fields } = toDocument(code);
    await this.codes.updateOne({ _id }, { $set: fields }, { upsert: true });
  }

  async forPolicyNumber(policyNumber: string): Promise<PolicyholderCode[]> {
    return (await this.codes.find({ policyNumber }, { limit: 20 })).map((document) => fromDocument<PolicyholderCode>(document));
  }

  async consume(id: string, codeHash: string, now: Date): Promise<boolean> {
    const removed = await this.codes.deleteOne({ _id: id, codeHash, expiresAt: { $gt: now }, attempts: { $lt: POLICYHOLDER_CODE_MAX_ATTEMPTS } });
    return removed === 1;
  }

  async countFailure(id: string): Promise<void> {
    await this.codes.updateOne({ _id: id }, { $inc: { attempts: 1 } });
  }
}
