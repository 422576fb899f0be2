import anyTest, { type TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import { MongoStore } from '../../adapters/persistence/mongo/mongo-store.engine.ts';
import { documentStoreContract, type StoreUnderTest } from './collection-store.contract.ts';
import { MONGODB_URI, onMongoDb } from '../support/on-mongodb.ts';

const test = onMongoDb(anyTest as TestFn<StoreUnderTest>);

test.before(async (t) => {
  // MongoDB's TTL monitor runs once a minute, so an expired document may live up to ~60 s more.
  t.context = { store: await MongoStore.connect(MONGODB_URI, `conformance_${randomUUID().slice(0, 8)}`), ttlGraceMs: 130_000 };
});
test.after.always(async (t) => {
  const store = t.context.store as MongoStore;
  await store.dropDatabase();
  await store.close();
});
documentStoreContract(test, 'mongodb engine');
