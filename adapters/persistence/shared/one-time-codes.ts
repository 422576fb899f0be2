import type { Collection, CollectionStore, IndexSpec } from '../../../ports/shared/persistence/collection-store.port.ts';
import { fromDocument, toDocument, type DocumentOf } from './document-mapping.ts';

/** What every mailed one-time code keeps: its hash, the wrong tries so far and its end. */
interface OneTimeCode {
  readonly id: string;
  readonly codeHash: string;
  readonly attempts: number;
  readonly expiresAt: Date;
}

/**
 * Pending one-time codes, one per id (an account, a policy): saving replaces the pending one;
 * every try is counted by a guarded increment before the code is compared, so however many
 * guesses arrive together at most `maxAttempts` are ever compared; using one is a single guarded
 * delete (of racing attempts with the right code exactly one succeeds); expired codes are removed
 * by the store (TTL).
 */
export class OneTimeCodes<T extends OneTimeCode> {
  private readonly codes: Collection<DocumentOf<T>>;
  private readonly maxAttempts: number;

  private constructor(codes: Collection<DocumentOf<T>>, maxAttempts: number) {
    this.codes = codes;
    this.maxAttempts = maxAttempts;
  }

  static async open<T extends OneTimeCode>(
    store: CollectionStore,
    collection: string,
    maxAttempts: number,
    indexes: readonly IndexSpec[] = [],
  ): Promise<OneTimeCodes<T>> {
    await store.ensureIndexes(collection, [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }, ...indexes]);
    return new OneTimeCodes<T>(store.collection<DocumentOf<T>>(collection), maxAttempts);
  }

  async save(code: T): Promise<void> {
    const { _id, ...fields } = toDocument(code);
    await this.codes.updateOne({ _id }, { $set: fields }, { upsert: true });
  }

  async find(filter: Record<string, unknown>, limit: number): Promise<T[]> {
    return (await this.codes.find(filter, { limit })).map((document) => fromDocument<T>(document));
  }

  /** Takes one of the code's tries; false when it has none left (or is gone or expired): then it must not be compared. */
  async takeTry(id: string, now: Date): Promise<boolean> {
    const taken = await this.codes.updateOne({ _id: id, expiresAt: { $gt: now }, attempts: { $lt: this.maxAttempts } }, { $inc: { attempts: 1 } });
    return taken.modifiedCount === 1;
  }

  /** Uses the code if it matches (a try taken first) and has not expired. */
  async consume(id: string, codeHash: string, now: Date): Promise<boolean> {
    return (await this.codes.deleteOne({ _id: id, codeHash, expiresAt: { $gt: now }, attempts: { $lte: this.maxAttempts } })) === 1;
  }
}
