import test from 'ava';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { storeStats } from '../../adapters/persistence/sqlite/store-stats.ts';

test('store stats: rows and bytes of each collection and each of its indexes, read beside the open store', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'store-stats-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('policies', [{ name: 'org_number', keys: { orgId: 1, policyNumber: 1 }, unique: true }]);
  const policies = store.collection<{ _id: string; orgId: string; policyNumber: string; insuredName: string }>('policies');
  for (let n = 0; n < 300; n += 1)
    await policies.insertOne({ _id: `pol_${n}`, orgId: 'org_1', policyNumber: `P-${n}`, insuredName: `Insured ${randomBytes(100).toString('hex')}` });
  await store.collection('audit').insertOne({ _id: 'aud_1', orgId: 'org_1' });

  const stats = storeStats(join(dir, 'store', STORE_FILE));
  const policyStats = stats.collections.find((collection) => collection.collection === 'policies');
  t.is(policyStats?.rows, 300);
  t.true((policyStats?.tableBytes ?? 0) > 300 * 200, 'the documents take their room');
  t.true(policyStats?.indexes.some((index) => index.name.includes('org_number') && index.bytes > 0));
  t.true(
    policyStats?.indexes.some((index) => index.name === 'primary key' && index.bytes > 0),
    'the ids’ own index is counted',
  );
  t.is(stats.collections.find((collection) => collection.collection === 'audit')?.rows, 1);
  t.true(stats.fileBytes >= stats.collections.reduce((sum, collection) => sum + collection.tableBytes + collection.indexBytes, 0));
  await store.close();
});
