import test from 'ava';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

// The embedded store keeps recently read documents decoded (document-cache.ts). These cases are
// the ones where a read sees state that is then undone or removed without a write of its own.

interface Row extends StoredDocument {
  orgId: string;
  n: number | string;
  owner?: string;
  at?: Date;
}

test('a transaction rolled back forgets what was read inside it', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const rows = store.collection<Row>('rows');
  await store.ensureIndexes('rows', [{ name: 'owner', keys: { owner: 1 }, unique: true }]);
  await rows.insertOne({ _id: 'a', orgId: 'o1', n: 1, owner: 'k1' });
  const table = store.table('rows', false);
  t.throws(
    () =>
      store.transaction(() => {
        table.replace({ _id: 'a', orgId: 'o1', n: 2, owner: 'k2' }, { _id: 'a', orgId: 'o1', n: 1, owner: 'k1' });
        t.is(table.first({ _id: 'a' })?.n, 2);
        t.is(table.first({ owner: 'k2' })?._id, 'a');
        throw new Error('abandoned');
      }),
    { message: 'abandoned' },
  );
  t.is((await rows.findOne({ _id: 'a' }))?.n, 1);
  t.is(await rows.findOne({ owner: 'k2' }), null);
  t.is((await rows.findOne({ owner: 'k1' }))?.n, 1);
});

test('a write that fails halfway leaves every document as it was, read before or after', async (t) => {
  const store = await SqliteStore.open({});
  t.teardown(() => store.close());
  const rows = store.collection<Row>('rows');
  await rows.insertOne({ _id: 'a', orgId: 'o1', n: 1 });
  await rows.insertOne({ _id: 'b', orgId: 'o1', n: 'text' });
  t.is((await rows.findOne({ _id: 'a' }))?.n, 1);
  await t.throwsAsync(rows.updateMany({ orgId: 'o1' }, { $inc: { n: 1 } }));
  t.is((await rows.findOne({ _id: 'a' }))?.n, 1);
  t.is(await rows.countDocuments({ n: 2 }), 0);
});

test('a document removed by its TTL is no longer found by id', async (t) => {
  const store = await SqliteStore.open({ ttlSweepMs: 3_600_000 });
  t.teardown(() => store.close());
  await store.ensureIndexes('sessions', [{ name: 'expiry', keys: { at: 1 }, expireAfterSeconds: 0 }]);
  const rows = store.collection<Row>('sessions');
  await rows.insertOne({ _id: 's', orgId: 'o1', n: 1, at: new Date(Date.now() - 1_000) });
  t.truthy(await rows.findOne({ _id: 's' }));
  t.is(await store.sweepExpired(), 1);
  t.is(await rows.findOne({ _id: 's' }), null);
});

test('documents too large for the cache are read from the table every time, still right', async (t) => {
  const store = await SqliteStore.open({ cacheMiB: 0.001 });
  t.teardown(() => store.close());
  const rows = store.collection<Row>('rows');
  const large = 'x'.repeat(4_096);
  await rows.insertOne({ _id: 'a', orgId: 'o1', n: large });
  t.is((await rows.findOne({ _id: 'a' }))?.n, large);
  await rows.updateOne({ _id: 'a' }, { $set: { n: 'small' } });
  t.is((await rows.findOne({ _id: 'a' }))?.n, 'small');
});
