import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

type Policy = { _id: string; orgId: string; policyNumber: string; insuredName: string };

const policy = (n: number, orgId = 'org_a'): Policy => ({
  _id: `pol_01a21a485b7400a5bca2d9b7${n.toString(16).padStart(4, '0')}`,
  orgId,
  policyNumber: `GL-2027-${String(n).padStart(6, '0')}`,
  insuredName: `Insured ${n}`,
});

const withPolicies = async (store: SqliteStore) => {
  await store.ensureIndexes('policies', [{ name: 'org_policy_number', keys: { orgId: 1, policyNumber: 1 }, unique: true }]);
  const policies = store.collection<Policy>('policies');
  for (let n = 0; n < 300; n += 1) await policies.insertOne(policy(n, n % 3 === 0 ? 'org_b' : 'org_a'));
  return policies;
};

test('a read in bulk finds what the same read finds, through a connection of its own, and sees every acknowledged write', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'bulk-reads-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  t.teardown(() => store.close());
  const policies = await withPolicies(store);
  const query = { orgId: 'org_a', policyNumber: { $gt: 'GL-2027-000100' } };
  const options = { sort: { policyNumber: 1 as const }, limit: 50 };
  const expected = await policies.find(query, options);
  t.is(expected.length, 50);
  const examined = store.inspection.rowsRead();
  t.deepEqual(await policies.find(query, { ...options, bulk: true }), expected);
  t.is(store.inspection.rowsRead(), examined, 'the store’s own connection read nothing');

  await policies.updateOne({ _id: expected[0]!._id }, { $set: { insuredName: 'Renamed' } });
  await policies.deleteOne({ _id: expected[1]!._id });
  const again = await policies.find(query, { ...options, bulk: true });
  t.is(again[0]?.insuredName, 'Renamed');
  t.false(again.some((found) => found._id === expected[1]!._id));
  t.deepEqual(again, await policies.find(query, options));
});

test('a store in memory reads in bulk through its one connection', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const policies = await withPolicies(store);
  const query = { orgId: 'org_b' };
  t.deepEqual(await policies.find(query, { sort: { policyNumber: -1 }, bulk: true }), await policies.find(query, { sort: { policyNumber: -1 } }));
});
