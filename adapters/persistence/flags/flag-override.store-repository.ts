import type { FlagValue } from '../../../core/flags/feature-flags.ts';
import type { FlagOverrideRepository } from '../../../ports/flags/feature-flags.use-case.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

interface OverrideDocument extends StoredDocument {
  readonly orgId: string;
  readonly key: string;
  readonly value: FlagValue;
  readonly updatedAt: Date;
}

/** One document per organization and flag (`<orgId>:<key>`). */
export class FlagOverrideStoreRepository implements FlagOverrideRepository {
  private readonly overrides: Collection<OverrideDocument>;

  private constructor(store: CollectionStore) {
    this.overrides = store.collection<OverrideDocument>('flag_overrides');
  }

  static async create(store: CollectionStore): Promise<FlagOverrideStoreRepository> {
    await store.ensureIndexes('flag_overrides', [{ name: 'org', keys: { orgId: 1 } }]);
    return new FlagOverrideStoreRepository(store);
  }

  async forOrganization(orgId: string): Promise<ReadonlyMap<string, FlagValue>> {
    return new Map((await this.overrides.find({ orgId })).map((override) => [override.key, override.value]));
  }

  async set(orgId: string, key: string, value: FlagValue, at: Date): Promise<void> {
    await this.overrides.updateOne({ _id: `${orgId}:${key}` }, { $set: { orgId, key, value, updatedAt: at } }, { upsert: true });
  }

  async clear(orgId: string, key: string): Promise<boolean> {
    return (await this.overrides.deleteOne({ _id: `${orgId}:${key}`, orgId })) === 1;
  }
}
