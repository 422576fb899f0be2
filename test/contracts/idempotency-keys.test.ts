import test, { type ExecutionContext } from 'ava';
import { MONGODB_URI, onMongoDb } from '../support/on-mongodb.ts';
import { randomUUID } from 'node:crypto';
import { MongoStore } from '../../adapters/persistence/mongo/mongo-store.engine.ts';
import { StoreIdempotencyKeys } from '../../adapters/persistence/platform/idempotency-key.store.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { CollectionStore } from '../../ports/shared/persistence/collection-store.port.ts';
import { IDEMPOTENCY_LEASE_MS } from '../../ports/shared/idempotency-keys.port.ts';

const at = (iso: string) => new Date(iso);
const RESPONSE = { status: 201, body: { id: 'sub_1' }, headers: { Location: '/v1/submissions/sub_1' } };

/** The key store's rules, on one engine. */
const contract = async (t: ExecutionContext, store: CollectionStore) => {
  const keys = await StoreIdempotencyKeys.create(store);
  const now = at('2027-01-01T00:00:00Z');
  t.deepEqual(await keys.take('user:1', 'k1', 'fp-a', now), { outcome: 'new' });
  t.deepEqual(await keys.take('user:1', 'k1', 'fp-a', now), { outcome: 'in_flight' });
  t.deepEqual(await keys.take('user:1', 'k1', 'fp-b', now), { outcome: 'reuse' });
  t.deepEqual(await keys.take('key:2', 'k1', 'fp-b', now), { outcome: 'new' }, 'keys are per credential');
  await keys.complete('user:1', 'k1', RESPONSE, now);
  t.deepEqual(await keys.take('user:1', 'k1', 'fp-a', at('2027-01-01T23:59:00Z')), { outcome: 'replay', response: RESPONSE });
  t.deepEqual(await keys.take('user:1', 'k1', 'fp-b', at('2027-01-02T00:00:01Z')), { outcome: 'new' }, 'after 24 hours the key is new');

  // Two claims at once: one runs.
  const racing = await Promise.all([keys.take('user:1', 'k2', 'fp', now), keys.take('user:1', 'k2', 'fp', now)]);
  t.deepEqual(racing.map((claim) => claim.outcome).sort(), ['in_flight', 'new']);
  // A request that died holding its key: the same request may run again once the lease passed; another still may not.
  const later = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS + 1);
  t.deepEqual(await keys.take('user:1', 'k2', 'fp-other', later), { outcome: 'reuse' });
  t.deepEqual(await keys.take('user:1', 'k2', 'fp', later), { outcome: 'new' });
  await keys.release('user:1', 'k2');
  t.deepEqual(await keys.take('user:1', 'k2', 'fp-other', later), { outcome: 'new' }, 'a released key is free');
};

test('idempotency keys on the embedded engine', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  await contract(t, store);
});

onMongoDb(test)('idempotency keys on MongoDB', async (t) => {
  const store = await MongoStore.connect(MONGODB_URI, `idempotency_${randomUUID().slice(0, 8)}`);
  t.teardown(async () => (await store.dropDatabase(), store.close()));
  await contract(t, store);
});
