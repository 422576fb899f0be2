import type { PendingEnterpriseLogin } from '../../../core/identity/enterprise-sign-in.ts';
import type { PendingEnterpriseLogins } from '../../../ports/identity/enterprise-sign-in.use-case.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'enterprise_logins';
type LoginDocument = DocumentOf<PendingEnterpriseLogin>;

/** Sign-ins under way at the identity provider, by state; expired ones are removed by the store (TTL). */
export class EnterpriseLoginStoreRepository implements PendingEnterpriseLogins {
  private readonly logins: Collection<LoginDocument>;

  private constructor(store: CollectionStore) {
    this.logins = store.collection<LoginDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<EnterpriseLoginStoreRepository> {
    await store.ensureIndexes(COLLECTION, [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }]);
    return new EnterpriseLoginStoreRepository(store);
  }

  save(login: PendingEnterpriseLogin): Promise<void> {
    return this.logins.insertOne(toDocument(login));
  }

  async take(state: string, now: Date): Promise<PendingEnterpriseLogin | null> {
    const found = await this.logins.findOne({ _id: state, expiresAt: { $gt: now } });
    // Whoever removes it uses it: of two callbacks racing with one state, one goes on.
    if (!found || (await this.logins.deleteOne({ _id: state })) !== 1) return null;
    return fromDocument<PendingEnterpriseLogin>(found);
  }
}
