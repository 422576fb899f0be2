import anyTest, { type TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { MongoStore } from '../../adapters/persistence/mongo/mongo-store.engine.ts';
import { MemoryWindowCounter } from '../../adapters/persistence/rate-limit/window-counter.memory.ts';
import { StoreWindowCounter } from '../../adapters/persistence/rate-limit/window-counter.store.ts';
import type { WindowCounter } from '../../ports/rate-limit/window-counter.port.ts';
import { windowCounterContract } from './window-counter.contract.ts';
import { MONGODB_URI, onMongoDb } from '../support/on-mongodb.ts';

const test = anyTest as TestFn<{ counter: WindowCounter }>;
const stores: Array<{ close(): Promise<void> }> = [];

const suite = (title: string, make: () => Promise<WindowCounter>, register: TestFn<{ counter: WindowCounter }> = test) => {
  const scoped = ((name: string, fn: Parameters<typeof test>[1]) =>
    register(name, async (t) => {
      t.context = { counter: await make() };
      await (fn as (t: unknown) => Promise<void>)(t);
    })) as unknown as TestFn<{ counter: WindowCounter }>;
  windowCounterContract(scoped, title);
};

suite('memory counter', async () => new MemoryWindowCounter());
suite('store counter on the embedded engine', async () => {
  const store = await SqliteStore.open();
  stores.push(store);
  return StoreWindowCounter.create(store, 'windows', { volatile: true });
});
suite(
  'store counter on MongoDB',
  async () => {
    const store = await MongoStore.connect(MONGODB_URI, `counter_${randomUUID().slice(0, 8)}`);
    stores.push({ close: async () => (await store.dropDatabase(), store.close()) });
    return StoreWindowCounter.create(store, 'windows', { volatile: true });
  },
  onMongoDb(test),
);

test.after.always(async () => {
  await Promise.all(stores.map((store) => store.close()));
});
