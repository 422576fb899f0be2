import type { EmailVerification } from '../../core/identity/email-verification.ts';

export interface EmailVerificationRepository {
  /** Stores the account's pending code, replacing any earlier one. */
  save(verification: EmailVerification): Promise<void>;
  /**
   * Removes the account's pending code if `codeHash` matches, it has not expired and it has tries
   * left, in one guarded write: of racing attempts with the right code exactly one succeeds.
   */
  consume(id: string, codeHash: string, now: Date): Promise<boolean>;
  /** Counts a wrong try against the account's pending code. */
  countFailure(id: string): Promise<void>;
}
