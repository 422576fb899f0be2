import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDomainError } from '../../core/shared/domain-error.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

type Row = { _id: string; orgId: string; n: number };

const openStore = async (t: { teardown: (fn: () => unknown) => void }) => {
  const dir = await mkdtemp(join(tmpdir(), 'rollback-forgetting-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  t.teardown(() => store.close());
  await store.ensureIndexes('rows', [{ name: 'org_n', keys: { orgId: 1, n: 1 } }]);
  await store.ensureIndexes('entries', [{ name: 'org_entries', keys: { orgId: 1, _id: 1 } }]);
  return store;
};

const duplicateOf = (id: string) => ({ collection: 'entries', insertOne: { _id: id, orgId: 'org_a', n: 0 } });

test('a write rolled back to its savepoint forgets what it wrote, even read back inside it', async (t) => {
  const store = await openStore(t);
  const rows = store.collection<Row>('rows');
  await rows.insertOne({ _id: 'x', orgId: 'org_a', n: 1 });
  await store.collection('entries').insertOne({ _id: 'e1', orgId: 'org_a', n: 0 });
  const error = await t.throwsAsync(
    store.writeTogether([
      { collection: 'rows', updateOne: { filter: { _id: 'x' }, update: { $inc: { n: 10 } } } },
      // Matches nothing, but reads x as the savepoint sees it (n 11) on the way.
      { collection: 'rows', updateOne: { filter: { _id: 'x', n: 999 }, update: { $set: { n: 0 } } } },
      duplicateOf('e1'),
    ]),
  );
  t.true(isDomainError(error) && error.code === 'duplicate');
  t.is((await rows.findOne({ _id: 'x' }))?.n, 1);
});

test('a document held, rewritten in a savepoint that is rolled back, is read back as it was', async (t) => {
  const store = await openStore(t);
  const rows = store.collection<Row>('rows');
  await rows.insertOne({ _id: 'x', orgId: 'org_a', n: 1 });
  await store.collection('entries').insertOne({ _id: 'e1', orgId: 'org_a', n: 0 });
  t.is((await rows.findOne({ _id: 'x' }))?.n, 1, 'x is held');
  // The rewrite holds x as written (n 11) until the duplicate rolls it back.
  await t.throwsAsync(store.writeTogether([{ collection: 'rows', updateOne: { filter: { _id: 'x' }, update: { $inc: { n: 10 } } } }, duplicateOf('e1')]));
  t.is((await rows.findOne({ _id: 'x' }))?.n, 1);
});

test('a duplicate rolled back to its savepoint leaves the documents read before it remembered', async (t) => {
  const store = await openStore(t);
  const rows = store.collection<Row>('rows');
  await rows.insertOne({ _id: 'y', orgId: 'org_a', n: 5 });
  await store.collection('entries').insertOne({ _id: 'e1', orgId: 'org_a', n: 0 });
  t.is((await rows.findOne({ _id: 'y' }))?.n, 5);
  await t.throwsAsync(store.collection('entries').insertOne({ _id: 'e1', orgId: 'org_a', n: 1 }));
  const read = store.inspection.rowsRead();
  t.is((await rows.findOne({ _id: 'y' }))?.n, 5);
  t.is(store.inspection.rowsRead(), read, 'y came from the cache, not the table');
});

test('a write rolled back after it gave a new organization its code forgets the code, and the next write gives it again', async (t) => {
  const store = await openStore(t);
  const rows = store.collection<Row>('rows');
  await store.collection('entries').insertOne({ _id: 'e1', orgId: 'org_a', n: 0 });
  // A row of the same form first, so that the code is the only thing the rolled back write notes.
  await rows.insertOne({ _id: 'v', orgId: 'org_a', n: 0 });
  await t.throwsAsync(store.writeTogether([{ collection: 'rows', insertOne: { _id: 'z', orgId: 'org_new', n: 1 } }, duplicateOf('e1')]));
  t.deepEqual(await rows.find({ orgId: 'org_new' }), []);
  await rows.insertOne({ _id: 'z', orgId: 'org_new', n: 2 });
  // A code remembered past its rollback would be given again to the next organization: each finds only its own.
  await rows.insertOne({ _id: 'w', orgId: 'org_other', n: 3 });
  t.deepEqual(await rows.find({ orgId: 'org_new' }), [{ _id: 'z', orgId: 'org_new', n: 2 }]);
  t.deepEqual(await rows.find({ orgId: 'org_other' }), [{ _id: 'w', orgId: 'org_other', n: 3 }]);
  t.deepEqual(await rows.find({ orgId: 'org_a' }), [{ _id: 'v', orgId: 'org_a', n: 0 }]);
});
