import { writeUnlessDuplicate } from '../../../core/shared/domain-error.ts';
import type { Collection, CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { WindowCount, WindowCounter } from '../../../ports/rate-limit/window-counter.port.ts';

interface WindowDocument {
  _id: string;
  [field: string]: unknown;
  count: number;
  windowEndsAt: Date;
}

/**
 * Counters in the shared store. Each hit is one atomic increment of an open window; an ended
 * window is reopened by a guarded write that only one caller can win.
 */
export class StoreWindowCounter implements WindowCounter {
  private readonly windows: Collection<WindowDocument>;

  private constructor(windows: Collection<WindowDocument>) {
    this.windows = windows;
  }

  static async create(store: CollectionStore, collection: string, options: { volatile: boolean }): Promise<StoreWindowCounter> {
    const windows = store.collection<WindowDocument>(collection, options);
    await store.ensureIndexes(collection, [{ name: 'expiry', keys: { windowEndsAt: 1 }, expireAfterSeconds: 0 }]);
    return new StoreWindowCounter(windows);
  }

  async hit(key: string, windowMs: number, now: Date): Promise<WindowCount> {
    for (;;) {
      const open = await this.windows.findOneAndUpdate({ _id: key, windowEndsAt: { $gt: now } }, { $inc: { count: 1 } }, { returnDocument: 'after' });
      if (open) return { count: open.count, windowEndsAt: open.windowEndsAt };
      const windowEndsAt = new Date(now.getTime() + windowMs);
      const reopened = await this.windows.findOneAndUpdate(
        { _id: key, windowEndsAt: { $lte: now } },
        { $set: { count: 1, windowEndsAt } },
        { returnDocument: 'after' },
      );
      if (reopened) return { count: 1, windowEndsAt };
      // When another caller opened the window first, the next round counts against it.
      if (await writeUnlessDuplicate(() => this.windows.insertOne({ _id: key, count: 1, windowEndsAt }))) return { count: 1, windowEndsAt };
    }
  }

  async peek(key: string, now: Date): Promise<WindowCount | null> {
    const window = await this.windows.findOne({ _id: key, windowEndsAt: { $gt: now } });
    return window ? { count: window.count, windowEndsAt: window.windowEndsAt } : null;
  }

  async reset(key: string): Promise<void> {
    await this.windows.deleteOne({ _id: key });
  }
}
