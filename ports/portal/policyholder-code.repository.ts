import type { PolicyholderCode } from '../../core/portal/policyholder-code.ts';

export interface PolicyholderCodeRepository {
  /** Stores a pending code (earlier ones of the policy stay good until they expire or are used). */
  save(code: PolicyholderCode): Promise<void>;
  /** The pending codes of every policy with this number, whatever its organization. */
  forPolicyNumber(policyNumber: string): Promise<PolicyholderCode[]>;
  /**
   * Counts a try against the code before it is compared, in one guarded write: false when no try
   * is left (or the code expired), and then the code must not be compared. However many guesses
   * arrive together, at most five are compared per code.
   */
  takeTry(id: string, now: Date): Promise<boolean>;
  /**
   * Removes the code if `codeHash` matches and it has not expired, in one guarded write: of racing
   * attempts with the right code exactly one succeeds.
   */
  consume(id: string, codeHash: string, now: Date): Promise<boolean>;
}
