import type { EmailVerification } from '../../core/identity/email-verification.ts';

export interface EmailVerificationRepository {
  /** Stores the account's pending code, replacing any earlier one. */
  save(verification: EmailVerification): Promise<void>;
  /**
   * Counts a try against the account's pending code before it is compared, in one guarded write:
   * false when no try is left (or the code expired), and then the code must not be compared.
   */
  takeTry(id: string, now: Date): Promise<boolean>;
  /**
   * Removes the account's pending code if `codeHash` matches and it has not expired, in one guarded
   * write: of racing attempts with the right code exactly one succeeds.
   */
  consume(id: string, codeHash: string, now: Date): Promise<boolean>;
}
