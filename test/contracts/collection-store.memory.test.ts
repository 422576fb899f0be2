import anyTest, { type TestFn } from 'ava';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { documentStoreContract, type StoreUnderTest } from './collection-store.contract.ts';

const test = anyTest as TestFn<StoreUnderTest>;

test.before(async (t) => {
  t.context = { store: await SqliteStore.open({ ttlSweepMs: 100 }), ttlGraceMs: 3_000 };
});
test.after.always(async (t) => t.context.store.close());

documentStoreContract(test, 'memory engine');
