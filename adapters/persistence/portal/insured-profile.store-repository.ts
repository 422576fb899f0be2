import { createHash } from 'node:crypto';
import type { InsuredProfile, PushToken } from '../../../core/portal/insured-profile.ts';
import type { InsuredProfileRepository, PushTokenRepository } from '../../../ports/portal/insured-profile.repository.ts';
import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { RecordFields } from '../shared/document-mapping.ts';
import { RecordCollection } from '../shared/record-collection.ts';

const PROFILE_FIELDS: RecordFields<InsuredProfile> = { id: true, orgId: true, phone: true, address: true, updatedAt: true };
const PUSH_TOKEN_FIELDS: RecordFields<PushToken> = { id: true, orgId: true, insuredId: true, token: true, platform: true, createdAt: true, updatedAt: true };

export class InsuredProfileStoreRepository implements InsuredProfileRepository {
  private readonly records: RecordCollection<InsuredProfile>;

  private constructor(records: RecordCollection<InsuredProfile>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<InsuredProfileStoreRepository> {
    return new InsuredProfileStoreRepository(await RecordCollection.open<InsuredProfile>(store, 'insured_profiles', PROFILE_FIELDS, []));
  }

  find(orgId: string, insuredId: string): Promise<InsuredProfile | null> {
    return this.records.findById(orgId, insuredId);
  }

  async save(profile: InsuredProfile): Promise<void> {
    const { _id, ...fields } = this.records.mapper.toStored(profile);
    await this.records.raw.updateOne({ _id, orgId: profile.orgId }, { $set: fields }, { upsert: true });
  }
}

/** Device tokens keyed by the token itself, so one device is one record whoever registers it. */
export class PushTokenStoreRepository implements PushTokenRepository {
  private readonly records: RecordCollection<PushToken>;

  private constructor(records: RecordCollection<PushToken>) {
    this.records = records;
  }

  static async create(store: CollectionStore): Promise<PushTokenStoreRepository> {
    return new PushTokenStoreRepository(
      await RecordCollection.open<PushToken>(store, 'push_tokens', PUSH_TOKEN_FIELDS, [
        { name: 'token', keys: { token: 1 }, unique: true },
        { name: 'org_insured', keys: { orgId: 1, insuredId: 1, updatedAt: -1 } },
      ]),
    );
  }

  async register(device: Pick<PushToken, 'orgId' | 'insuredId' | 'token' | 'platform'>, at: Date, keep: number): Promise<PushToken> {
    // The id is the token's digest: the same device registered again, by anyone, is the same record.
    const _id = `pst_${createHash('sha256').update(device.token).digest('hex').slice(0, 32)}`;
    const stored = await this.records.raw.findOneAndUpdate(
      { _id },
      { $set: { ...device, updatedAt: at }, $setOnInsert: { createdAt: at } },
      { upsert: true, returnDocument: 'after' },
    );
    const kept = await this.forInsured(device.orgId, device.insuredId);
    for (const stale of kept.slice(keep)) await this.records.raw.deleteOne({ _id: stale.id, orgId: device.orgId });
    return this.records.mapper.fromStored(stored ?? { _id, ...device, createdAt: at, updatedAt: at });
  }

  async forInsured(orgId: string, insuredId: string): Promise<PushToken[]> {
    return this.records.findAll(orgId, { insuredId }, { updatedAt: -1 });
  }
}
