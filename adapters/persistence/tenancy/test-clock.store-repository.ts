import type { TestClock } from '../../../core/tenancy/test-clock.ts';
import type { Collection, CollectionStore, GroupedWrite } from '../../../ports/shared/persistence/collection-store.port.ts';
import type { AdvanceLease, TestClockRepository } from '../../../ports/tenancy/test-clock.repository.ts';

const COLLECTION = 'test_clocks';

/** A clock as stored: keyed by its organization, with the holder of a running advance beside it. */
interface TestClockDocument extends Omit<TestClock, 'orgId'> {
  _id: string;
  [field: string]: unknown;
  holder: string | null;
}

const fromStored = ({ _id, frozenTime, advancingTo, ran, leaseUntil, createdAt, updatedAt }: TestClockDocument): TestClock => ({
  orgId: _id,
  frozenTime,
  advancingTo,
  ran,
  leaseUntil,
  createdAt,
  updatedAt,
});

const orNull = (document: TestClockDocument | null): TestClock | null => (document ? fromStored(document) : null);

/** At most a handful of clocks are taken over at once after a restart. */
const TAKE_OVER_LIMIT = 100;

export class TestClockStoreRepository implements TestClockRepository {
  private readonly clocks: Collection<TestClockDocument>;

  private constructor(store: CollectionStore) {
    this.clocks = store.collection<TestClockDocument>(COLLECTION);
  }

  static create(store: CollectionStore): TestClockStoreRepository {
    // No index beyond the key: only local and sandbox organizations have a clock, a handful each.
    return new TestClockStoreRepository(store);
  }

  insertWrite({ orgId, ...clock }: TestClock): GroupedWrite {
    return { collection: COLLECTION, insertOne: { _id: orgId, ...clock, holder: null } };
  }

  async find(orgId: string): Promise<TestClock | null> {
    return orNull(await this.clocks.findOne({ _id: orgId }));
  }

  async all(): Promise<TestClock[]> {
    return (await this.clocks.find({})).map(fromStored);
  }

  beginWrite(orgId: string, to: Date, lease: AdvanceLease, at: Date): GroupedWrite {
    return {
      collection: COLLECTION,
      updateOne: {
        filter: { _id: orgId, holder: null },
        update: { $set: { advancingTo: to, ran: {}, holder: lease.holder, leaseUntil: lease.leaseUntil, updatedAt: at } },
        required: true,
        guard: 'clock_advancing',
      },
    };
  }

  async step(orgId: string, lease: AdvanceLease, progress: { frozenTime: Date; ran: Readonly<Record<string, number>> }, at: Date): Promise<TestClock | null> {
    return orNull(
      await this.clocks.findOneAndUpdate(
        { _id: orgId, holder: lease.holder },
        { $set: { frozenTime: progress.frozenTime, ran: progress.ran, leaseUntil: lease.leaseUntil, updatedAt: at } },
        { returnDocument: 'after' },
      ),
    );
  }

  async finish(orgId: string, holder: string, at: Date): Promise<TestClock | null> {
    const clock = await this.clocks.findOne({ _id: orgId, holder });
    if (!clock?.advancingTo) return null;
    return orNull(
      await this.clocks.findOneAndUpdate(
        { _id: orgId, holder },
        { $set: { frozenTime: clock.advancingTo, advancingTo: null, holder: null, leaseUntil: null, updatedAt: at } },
        { returnDocument: 'after' },
      ),
    );
  }

  async abandon(orgId: string, holder: string, at: Date): Promise<void> {
    await this.clocks.updateOne({ _id: orgId, holder }, { $set: { advancingTo: null, holder: null, leaseUntil: null, updatedAt: at } });
  }

  async takeOverStalled(now: Date, lease: AdvanceLease): Promise<TestClock[]> {
    const stalled = await this.clocks.find({ holder: { $ne: null }, leaseUntil: { $lte: now } }, { limit: TAKE_OVER_LIMIT });
    const taken: TestClock[] = [];
    for (const clock of stalled) {
      const mine = await this.clocks.findOneAndUpdate(
        { _id: clock._id, holder: clock.holder },
        { $set: { holder: lease.holder, leaseUntil: lease.leaseUntil, updatedAt: now } },
        { returnDocument: 'after' },
      );
      if (mine) taken.push(fromStored(mine));
    }
    return taken;
  }
}
