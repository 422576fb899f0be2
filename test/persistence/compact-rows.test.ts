import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { exportJournal } from '../../adapters/persistence/sqlite/journal-export.ts';

type Row = { _id: string; orgId: string; status?: string; createdAt?: Date; n?: number };

const tempStore = async (t: { teardown: (fn: () => Promise<void>) => void }, prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

const rawRows = (dir: string, table: string) => {
  const db = new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });
  try {
    return db.prepare(`SELECT * FROM "docs:${table}" ORDER BY id`).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
};

test('a row keeps its id and organization once, in their columns, and reads back as written', async (t) => {
  const dir = await tempStore(t, 'compact-');
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('records', [{ name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } }]);
  const records = store.collection<Row>('records');
  const written: Row = { _id: 'rec_"quoted"\u00e9', orgId: 'org_0123456789abcdef0123456789ab', status: 'open', createdAt: new Date('2026-11-26T10:00:00Z') };
  await records.insertOne(written);
  // An organization's id that is not the second field stays inside the document.
  await records.insertOne({ status: 'open', _id: 'rec_2', orgId: 'org_0123456789abcdef0123456789ab' } as Row);
  await store.close();

  const [first, second] = rawRows(dir, 'records');
  t.false(String(first?.doc).includes('org_0123456789abcdef0123456789ab'), 'the organization is not repeated in the document');
  t.false(String(first?.doc).includes('rec_'), 'nor is the id');
  t.is(typeof first?.['n:orgId'], 'number', 'the organization column holds a code');
  t.true(String(second?.doc).includes('org_0123456789abcdef0123456789ab'));

  const reopened = await SqliteStore.open({ dir });
  const again = reopened.collection<Row>('records');
  t.deepEqual(await again.findOne({ _id: written._id }), written);
  t.deepEqual(Object.keys((await again.findOne({ _id: 'rec_2' })) ?? {}), ['status', '_id', 'orgId'], 'fields keep their order');
  t.deepEqual(
    (await again.find({ orgId: written.orgId, status: 'open' }, { sort: { _id: -1 } })).map((row) => row._id),
    ['rec_2', written._id],
  );
  t.deepEqual(await again.find({ orgId: 'org_never_written' }), [], 'an organization never written matches nothing');
  t.deepEqual(await again.find({ orgId: { $in: ['org_never_written', written.orgId] }, status: 'open' }, { sort: { _id: 1 } }), [
    written,
    { status: 'open', _id: 'rec_2', orgId: written.orgId },
  ]);
  const journal = join(dir, 'export.log');
  t.is(await exportJournal(reopened, journal), 2, 'an export writes the whole documents');
  await reopened.close();
});

test('a code given to an organization inside a write that is rolled back is never read as another', async (t) => {
  const dir = await tempStore(t, 'compact-rollback-');
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('records', [{ name: 'org_newest', keys: { orgId: 1, _id: -1 } }]);
  const records = store.collection<Row>('records');
  await records.insertOne({ _id: 'taken', orgId: 'org_a' });
  // The group gives org_rolled_back a code, then fails on the duplicate: none of it is kept.
  await t.throwsAsync(
    store.writeTogether([
      { collection: 'records', insertOne: { _id: 'fresh', orgId: 'org_rolled_back' } },
      { collection: 'records', insertOne: { _id: 'taken', orgId: 'org_a' } },
    ]),
    { message: /same unique value/ },
  );
  await records.insertOne({ _id: 'next', orgId: 'org_next' });
  t.deepEqual(await records.find({ orgId: 'org_rolled_back' }), [], 'the rolled back code was not handed out again under the old name');
  t.deepEqual(
    (await records.find({ orgId: 'org_next' })).map((row) => row._id),
    ['next'],
  );
  await store.close();
  const reopened = await SqliteStore.open({ dir });
  t.deepEqual(await reopened.collection<Row>('records').find({ orgId: 'org_next' }), [{ _id: 'next', orgId: 'org_next' }]);
  await reopened.close();
});

test('a table from before keeps the organization as text and its whole documents, old rows and new', async (t) => {
  const dir = await tempStore(t, 'compact-old-');
  await (await SqliteStore.open({ dir })).close();
  const db = new DatabaseSync(join(dir, 'store', STORE_FILE));
  db.exec('CREATE TABLE "docs:records" (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL, "k:orgId")');
  db.exec('CREATE INDEX "docs:records/org_newest" ON "docs:records" ("k:orgId" ASC, id DESC)');
  db.prepare('INSERT INTO "docs:records" VALUES (?, ?, ?)').run('old', '{"_id":"old","orgId":"org_a","n":1}', 'org_a');
  db.prepare('INSERT INTO _store_indexes VALUES (?, ?, ?)').run('records', 'org_newest', JSON.stringify({ name: 'org_newest', keys: { orgId: 1, _id: -1 } }));
  db.close();

  const store = await SqliteStore.open({ dir });
  const records = store.collection<Row>('records');
  await records.insertOne({ _id: 'new', orgId: 'org_a', n: 2 });
  t.deepEqual(await records.find({ orgId: 'org_a' }, { sort: { _id: -1 } }), [
    { _id: 'old', orgId: 'org_a', n: 1 },
    { _id: 'new', orgId: 'org_a', n: 2 },
  ]);
  await store.close();
  t.deepEqual(
    rawRows(dir, 'records').map((row) => row['k:orgId']),
    ['org_a', 'org_a'],
  );
});

test('an index whose last fields descend is kept ascending, so growing ids fill its pages', async (t) => {
  const dir = await tempStore(t, 'compact-index-');
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('records', [
    { name: 'org_newest', keys: { orgId: 1, _id: -1 } },
    { name: 'mixed', keys: { status: -1, n: 1 } },
  ]);
  const records = store.collection<Row>('records');
  await Promise.all(Array.from({ length: 5_000 }, (_, n) => records.insertOne({ _id: `rec_${String(n).padStart(24, '0')}`, orgId: `org_${n % 3}`, n })));
  t.deepEqual(
    (await records.find({ orgId: 'org_1' }, { sort: { _id: -1 }, limit: 3 })).map((row) => row.n),
    [4999, 4996, 4993],
  );
  await store.close();
  const db = new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });
  const sql = (name: string) => String((db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(`docs:records/${name}`) as { sql: string }).sql);
  t.regex(sql('org_newest'), /\("n:orgId" ASC, id ASC\)/);
  t.regex(sql('mixed'), /\("k:status" DESC, "k:n" ASC, id ASC\)/, 'an index with a descending field before an ascending one keeps its directions');
  const bytes = (db.prepare("SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name = 'docs:records/org_newest'").get() as { bytes: number }).bytes;
  db.close();
  // An entry is a code, a 28-character id and the row number, about 40 bytes with its header:
  // pages at least two thirds full (a descending index with the organization as text: about 150).
  t.true(bytes / 5_000 < 60, `${(bytes / 5_000).toFixed(1)} bytes an entry`);
});
