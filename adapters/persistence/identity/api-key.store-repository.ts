import type { ApiKey } from '../../../core/identity/api-key.ts';
import type { ApiKeyRepository } from '../../../ports/identity/api-key.repository.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { Page, PageRequest } from '../../../ports/shared/persistence/page.ts';
import { findPage } from '../shared/cursor-page.ts';
import { fromDocument, toDocument, type DocumentOf } from '../shared/document-mapping.ts';

const COLLECTION = 'api_keys';
type ApiKeyDocument = DocumentOf<ApiKey>;

export class ApiKeyStoreRepository implements ApiKeyRepository {
  private readonly keys: Collection<ApiKeyDocument>;

  private constructor(store: CollectionStore) {
    this.keys = store.collection<ApiKeyDocument>(COLLECTION);
  }

  static async create(store: CollectionStore): Promise<ApiKeyStoreRepository> {
    await store.ensureIndexes(COLLECTION, [
      { name: 'key_hash_unique', keys: { keyHash: 1 }, unique: true },
      { name: 'org_newest', keys: { orgId: 1, _id: -1 } },
    ]);
    return new ApiKeyStoreRepository(store);
  }

  insertWrite(key: ApiKey): GroupedWrite {
    return { collection: COLLECTION, insertOne: toDocument(key) };
  }

  async findByHash(keyHash: string): Promise<ApiKey | null> {
    const document = await this.keys.findOne({ keyHash });
    return document ? fromDocument<ApiKey>(document) : null;
  }

  async findById(orgId: string, id: string): Promise<ApiKey | null> {
    const document = await this.keys.findOne({ _id: id, orgId });
    return document ? fromDocument<ApiKey>(document) : null;
  }

  list(orgId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return findPage(this.keys, { orgId }, page, (row) => fromDocument<ApiKey>(row));
  }

  revokeWrite(orgId: string, id: string, at: Date): GroupedWrite {
    return { collection: COLLECTION, updateOne: { filter: { _id: id, orgId, revokedAt: null }, update: { $set: { revokedAt: at } } } };
  }
}
