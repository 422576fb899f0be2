import { createHash } from 'node:crypto';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import {
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_LEASE_MS,
  type KeyOutcome,
  type IdempotencyKeys,
  type StoredResponse,
} from '../../../ports/shared/idempotency-keys.port.ts';

interface KeyDocument {
  _id: string;
  [field: string]: unknown;
  fingerprint: string;
  status: 'in_flight' | 'done';
  claimedAt: Date;
  expiresAt: Date;
  response: StoredResponse | null;
}

const RETENTION_MS = IDEMPOTENCY_KEY_HOURS * 3_600_000;

/** One document per credential and key (hashed, so a key's text is never stored), expiring after 24 hours. */
export class StoreIdempotencyKeys implements IdempotencyKeys {
  private readonly keys: Collection<KeyDocument>;

  private constructor(keys: Collection<KeyDocument>) {
    this.keys = keys;
  }

  static async create(store: CollectionStore): Promise<StoreIdempotencyKeys> {
    await store.ensureIndexes('idempotency_keys', [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }]);
    return new StoreIdempotencyKeys(store.collection<KeyDocument>('idempotency_keys'));
  }

  async take(scope: string, key: string, fingerprint: string, now: Date): Promise<KeyOutcome> {
    const _id = idOf(scope, key);
    const fresh = { fingerprint, status: 'in_flight' as const, claimedAt: now, expiresAt: new Date(now.getTime() + RETENTION_MS), response: null };
    if (await writeUnlessDuplicate(() => this.keys.insertOne({ _id, ...fresh }))) return { outcome: 'new' };
    // An expired key is a new one; a request that died holding its key lets the same request run again.
    const takenOver = await this.keys.findOneAndUpdate(
      {
        _id,
        $or: [{ expiresAt: { $lte: now } }, { status: 'in_flight', fingerprint, claimedAt: { $lt: new Date(now.getTime() - IDEMPOTENCY_LEASE_MS) } }],
      },
      { $set: fresh },
    );
    if (takenOver) return { outcome: 'new' };
    const existing = await this.keys.findOne({ _id });
    if (!existing) return this.take(scope, key, fingerprint, now);
    if (existing.fingerprint !== fingerprint) return { outcome: 'reuse' };
    return existing.status === 'done' && existing.response ? { outcome: 'replay', response: existing.response } : { outcome: 'in_flight' };
  }

  async complete(scope: string, key: string, response: StoredResponse, now: Date): Promise<void> {
    await this.keys.updateOne({ _id: idOf(scope, key) }, { $set: { status: 'done', response, expiresAt: new Date(now.getTime() + RETENTION_MS) } });
  }

  async release(scope: string, key: string): Promise<void> {
    await this.keys.deleteOne({ _id: idOf(scope, key), status: 'in_flight' });
  }
}

const idOf = (scope: string, key: string): string => createHash('sha256').update(`${scope}\n${key}`).digest('hex');
