import { POLICYHOLDER_CODE_MAX_ATTEMPTS, type PolicyholderCode } from '../../../core/portal/policyholder-code.ts';
import type { PolicyholderCodeRepository } from '../../../ports/portal/policyholder-code.repository.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { OneTimeCodes } from '../shared/one-time-codes.ts';

/** Pending policyholder sign-in codes, each its own record, found by policy number. */
export class PolicyholderCodeStoreRepository implements PolicyholderCodeRepository {
  private readonly codes: OneTimeCodes<PolicyholderCode>;

  private constructor(codes: OneTimeCodes<PolicyholderCode>) {
    this.codes = codes;
  }

  static async create(store: CollectionStore): Promise<PolicyholderCodeStoreRepository> {
    return new PolicyholderCodeStoreRepository(
      await OneTimeCodes.open<PolicyholderCode>(store, 'policyholder_codes', POLICYHOLDER_CODE_MAX_ATTEMPTS, [
        { name: 'policy_number', keys: { policyNumber: 1 } },
      ]),
    );
  }

  save(code: PolicyholderCode): Promise<void> {
    return this.codes.save(code);
  }

  forPolicyNumber(policyNumber: string): Promise<PolicyholderCode[]> {
    return this.codes.find({ policyNumber }, 50);
  }

  consume(id: string, codeHash: string, now: Date): Promise<boolean> {
    return this.codes.consume(id, codeHash, now);
  }

  takeTry(id: string, now: Date): Promise<boolean> {
    return this.codes.takeTry(id, now);
  }
}
