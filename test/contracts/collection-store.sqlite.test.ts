import anyTest, { type TestFn } from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { documentStoreContract, type StoreUnderTest } from './collection-store.contract.ts';

const test = anyTest as TestFn<StoreUnderTest>;
let dir = '';

test.before(async (t) => {
  dir = await mkdtemp(join(tmpdir(), 'store-contract-'));
  t.context = { store: await SqliteStore.open({ dir, ttlSweepMs: 100 }), ttlGraceMs: 3_000 };
});
test.after.always(async (t) => {
  await t.context.store.close();
  await rm(dir, { recursive: true, force: true });
});

documentStoreContract(test, 'sqlite engine');
