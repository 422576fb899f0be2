import type { PolicyholderCode } from '../../core/identity/policyholder-code.ts';

export interface PolicyholderCodeRepository {
  /** Stores a pending code (earlier ones of the policy stay good until they expire or are used). */
  save(code: PolicyholderCode): Promise<void>;
  /** The pending codes of every policy with this number, whatever its organization. */
  forPolicyNumber(policyNumber: string): Promise<PolicyholderCode[]>;
  /**
   * Removes the code if `codeHash` matches, it has not expired and it has tries left, in
   * one guarded write: of racing attempts with the right code exactly one succeeds.
   */
  consume(id: string, codeHash: string, now: Date): Promise<boolean>;
  /** Counts a wrong try against a pending code. */
  countFailure(id: string): Promise<void>;
}
