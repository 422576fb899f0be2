import { EMAIL_CODE_MAX_ATTEMPTS, type EmailVerification } from '../../../core/identity/email-verification.ts';
import type { EmailVerificationRepository } from '../../../ports/identity/email-verification.repository.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { OneTimeCodes } from '../shared/one-time-codes.ts';

/** Pending e-mail codes, one per account (keyed by user id; the few cross-tenant lookups are by that id). */
export class EmailVerificationStoreRepository implements EmailVerificationRepository {
  private readonly codes: OneTimeCodes<EmailVerification>;

  private constructor(codes: OneTimeCodes<EmailVerification>) {
    this.codes = codes;
  }

  static async create(store: CollectionStore): Promise<EmailVerificationStoreRepository> {
    return new EmailVerificationStoreRepository(await OneTimeCodes.open<EmailVerification>(store, 'email_verifications', EMAIL_CODE_MAX_ATTEMPTS));
  }

  save(verification: EmailVerification): Promise<void> {
    return this.codes.save(verification);
  }

  consume(id: string, codeHash: string, now: Date): Promise<boolean> {
    return this.codes.consume(id, codeHash, now);
  }

  takeTry(id: string, now: Date): Promise<boolean> {
    return this.codes.takeTry(id, now);
  }
}
