import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { StorageUsage } from '../../../ports/documents/storage-usage.port.ts';
import type { Collection, CollectionStore, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

const COLLECTION = 'storage_usage';

type UsageDocument = StoredDocument & { _id: string; bytes: number };

/**
 * One document per organization (`_id` the organization's id, a documented exception to leading
 * with `orgId`) holding its stored bytes. A reservation is one conditional increment: when the
 * organization has no room left, the filter matches nothing and the upsert meets the existing
 * `_id`, which the store refuses as a duplicate.
 */
export class StorageUsageStoreRepository implements StorageUsage {
  private readonly usage: Collection<UsageDocument>;

  private constructor(usage: Collection<UsageDocument>) {
    this.usage = usage;
  }

  static async create(store: CollectionStore): Promise<StorageUsageStoreRepository> {
    return new StorageUsageStoreRepository(store.collection<UsageDocument>(COLLECTION));
  }

  async reserve(orgId: string, bytes: number, quotaBytes: number): Promise<boolean> {
    if (bytes > quotaBytes) return false;
    return writeUnlessDuplicate(() => this.usage.updateOne({ _id: orgId, bytes: { $lte: quotaBytes - bytes } }, { $inc: { bytes } }, { upsert: true }));
  }

  async add(orgId: string, bytes: number): Promise<void> {
    await this.usage.updateOne({ _id: orgId }, { $inc: { bytes } }, { upsert: true });
  }

  async used(orgId: string): Promise<number> {
    return (await this.usage.findOne({ _id: orgId }))?.bytes ?? 0;
  }
}
