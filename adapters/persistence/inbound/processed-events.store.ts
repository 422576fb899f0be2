import { EVENT_ID_RETENTION_MS } from '../../../core/inbound/freshness.ts';
import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { TakeOutcome, ProcessedEvents, ReplayGuard } from '../../../ports/inbound/inbound.ports.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';

interface ProcessedDocument {
  _id: string;
  [field: string]: unknown;
  status: 'processing' | 'processed';
  claimedAt: Date;
  expiresAt: Date;
}

/** An id taken by a process that died mid-way may be taken over after this long. */
const ABANDONED_AFTER_MS = 5 * 60_000;

/** Event ids per provider for 24 hours; the unique _id makes the take atomic in every engine. */
export class StoreProcessedEvents implements ProcessedEvents {
  private readonly events: Collection<ProcessedDocument>;

  private constructor(events: Collection<ProcessedDocument>) {
    this.events = events;
  }

  static async create(store: CollectionStore): Promise<StoreProcessedEvents> {
    await store.ensureIndexes('inbound_events', [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }]);
    return new StoreProcessedEvents(store.collection<ProcessedDocument>('inbound_events'));
  }

  async take(provider: string, eventId: string, now: Date): Promise<TakeOutcome> {
    const _id = `${provider}:${eventId}`;
    const expiresAt = new Date(now.getTime() + EVENT_ID_RETENTION_MS);
    if (await writeUnlessDuplicate(() => this.events.insertOne({ _id, status: 'processing', claimedAt: now, expiresAt }))) return 'taken';
    const takenOver = await this.events.findOneAndUpdate(
      { _id, $or: [{ status: 'processing', claimedAt: { $lt: new Date(now.getTime() - ABANDONED_AFTER_MS) } }, { expiresAt: { $lte: now } }] },
      { $set: { status: 'processing', claimedAt: now, expiresAt } },
    );
    if (takenOver) return 'taken';
    const existing = await this.events.findOne({ _id });
    return existing?.status === 'processed' ? 'processed' : 'in_progress';
  }

  async complete(provider: string, eventId: string, now: Date): Promise<void> {
    await this.events.updateOne(
      { _id: `${provider}:${eventId}` },
      { $set: { status: 'processed', expiresAt: new Date(now.getTime() + EVENT_ID_RETENTION_MS) } },
    );
  }

  async release(provider: string, eventId: string): Promise<void> {
    await this.events.deleteOne({ _id: `${provider}:${eventId}`, status: 'processing' });
  }
}

/** Fingerprints kept until their window ends (TTL); a second insert of the same one is a replay. */
export class StoreReplayGuard implements ReplayGuard {
  private readonly seen: Collection<{ _id: string; [field: string]: unknown; expiresAt: Date }>;

  private constructor(seen: Collection<{ _id: string; [field: string]: unknown; expiresAt: Date }>) {
    this.seen = seen;
  }

  static async create(store: CollectionStore): Promise<StoreReplayGuard> {
    await store.ensureIndexes('inbound_replays', [{ name: 'expiry', keys: { expiresAt: 1 }, expireAfterSeconds: 0 }]);
    return new StoreReplayGuard(store.collection('inbound_replays'));
  }

  async firstSight(value: string, now: Date, windowMs: number): Promise<boolean> {
    const expiresAt = new Date(now.getTime() + windowMs);
    if (await writeUnlessDuplicate(() => this.seen.insertOne({ _id: value, expiresAt }))) return true;
    // An expired entry the TTL sweep has not removed yet does not count.
    return (await this.seen.findOneAndUpdate({ _id: value, expiresAt: { $lte: now } }, { $set: { expiresAt } })) !== null;
  }
}
