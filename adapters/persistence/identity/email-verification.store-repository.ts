import { EMAIL_CODE_MAX_ATTEMPTS, type EmailVerification } from '../../../core/identity/email-verification.ts';
import type { EmailVerificationRepository } from '../../../ports/identity/email-verification.repository.ts';
import type { Collection, CollectionStore } from '../../../ports/persistence/collection-store.port.ts';
import { toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'email_verifications';
type VerificationDocument = DocumentOf<EmailVerification>;

/** Pending e-mail codes, one per account (keyed by user id; the few cross-tenant lookups are by that id). */
export class EmailVerificationStoreRepository implements EmailVerificationRepository {
  private readonly codes: Collection<VerificationDocument>;

  private constructor(store: CollectionStore) {
    this.codes = store.collection<VerificationDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<EmailVerificationStoreRepository> {
    await store.ensureIndexes(COLLECTION, [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }]);
    return new EmailVerificationStoreRepository(store);
  }

  async save(verification: EmailVerification): Promise<void> {
    const { _id, ...fields } = toDocument(verification);
    await this.codes.updateOne({ _id }, { $set: fields }, { upsert: true });
  }

  async consume(id: string, codeHash: string, now: Date): Promise<boolean> {
    const removed = await this.codes.deleteOne({ _id: id, codeHash, expiresAt: { $gt: now }, attempts: { $lt: EMAIL_CODE_MAX_ATTEMPTS } });
    return removed === 1;
  }

  async countFailure(id: string): Promise<void> {
    await this.codes.updateOne({ _id: id }, { $inc: { attempts: 1 } });
  }
}
