import type { Role } from '../../../core/shared/access/roles.ts';
import type { User } from '../../../core/identity/user.ts';
import type { UserRepository } from '../../../ports/identity/user.repository.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { findPage } from '../shared/cursor-page.ts';
import { definedFields, fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'users';
type UserDocument = DocumentOf<User>;

export class UserStoreRepository implements UserRepository {
  private readonly users: Collection<UserDocument>;

  private constructor(store: CollectionStore) {
    this.users = store.collection<UserDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<UserStoreRepository> {
    await store.ensureIndexes(COLLECTION, [
      { name: 'email_unique', keys: { email: 1 }, unique: true },
      { name: 'org_newest', keys: { orgId: 1, _id: -1 } },
    ]);
    return new UserStoreRepository(store);
  }

  insertWrite(user: User): GroupedWrite {
    return { collection: COLLECTION, insertOne: toDocument(user) };
  }

  async findById(orgId: string, id: string): Promise<User | null> {
    const document = await this.users.findOne({ _id: id, orgId });
    return document ? fromDocument<User>(document) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const document = await this.users.findOne({ email });
    return document ? fromDocument<User>(document) : null;
  }

  list(orgId: string, page: PageRequest): Promise<Page<User>> {
    return findPage(this.users, { orgId }, page, (row) => fromDocument<User>(row));
  }

  async withRoles(orgId: string, roles: readonly Role[]): Promise<User[]> {
    return (await this.users.find({ orgId, role: { $in: [...roles] } }, { sort: { _id: 1 } })).map((row) => fromDocument<User>(row));
  }

  async markEmailVerified(orgId: string, id: string, at: Date): Promise<void> {
    await this.users.updateOne({ _id: id, orgId, emailVerifiedAt: null }, { $set: { emailVerifiedAt: at, updatedAt: at } });
  }

  updateWrite(orgId: string, id: string, changes: { role?: Role; name?: string }, at: Date): GroupedWrite {
    const update = { $set: { ...definedFields(changes), updatedAt: at } };
    return { collection: COLLECTION, updateOne: { filter: { _id: id, orgId }, update, required: true, guard: 'user_gone' } };
  }
}
