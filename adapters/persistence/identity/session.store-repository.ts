import type { Session } from '../../../core/identity/session.ts';
import type { SessionRepository } from '../../../ports/identity/session.repository.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'sessions';
type SessionDocument = DocumentOf<Session>;

export class SessionStoreRepository implements SessionRepository {
  private readonly sessions: Collection<SessionDocument>;

  private constructor(store: CollectionStore) {
    this.sessions = store.collection<SessionDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<SessionStoreRepository> {
    await store.ensureIndexes(COLLECTION, [
      { name: 'token_hash_unique', keys: { tokenHash: 1 }, unique: true },
      { name: 'org_user', keys: { orgId: 1, userId: 1 } },
      { name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 },
    ]);
    return new SessionStoreRepository(store);
  }

  insert(session: Session): Promise<void> {
    return this.sessions.insertOne(toDocument(session));
  }

  async findByTokenHash(tokenHash: string): Promise<Session | null> {
    const document = await this.sessions.findOne({ tokenHash });
    return document ? fromDocument<Session>(document) : null;
  }

  async findById(orgId: string, id: string): Promise<Session | null> {
    const document = await this.sessions.findOne({ _id: id, orgId });
    return document ? fromDocument<Session>(document) : null;
  }

  async revoke(orgId: string, id: string, at: Date): Promise<void> {
    await this.sessions.updateOne({ _id: id, orgId, revokedAt: null }, { $set: { revokedAt: at } });
  }
}
