import test from 'ava';
import { existsSync } from 'node:fs';
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJournal } from '../../adapters/persistence/sqlite/journal-export.ts';
import { journalLine, type JournalRecord } from '../../adapters/persistence/sqlite/journal-format.ts';
import { IMPORTED_JOURNAL_FILE, JournalCorruptError } from '../../adapters/persistence/sqlite/journal-import.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import type { StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

interface Row extends StoredDocument {
  _id: string;
  orgId: string;
  n?: number;
  at?: Date;
}

/** A data directory as the journal engine left it. */
const journalDir = async (t: { teardown: (fn: () => Promise<void>) => void }, records: JournalRecord[], tail = '') => {
  const dir = await mkdtemp(join(tmpdir(), 'journal-import-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'store'));
  await writeFile(join(dir, 'store', 'journal.log'), records.map(journalLine).join('') + tail);
  return dir;
};

const at = new Date('2027-01-01T00:00:00.000Z');
const history: JournalRecord[] = [
  { op: 'put', c: 'policies', d: { _id: 'p1', orgId: 'o', n: 1, at } as Row },
  { op: 'put', c: 'policies', d: { _id: 'p2', orgId: 'o', n: 2 } as Row },
  { op: 'put', c: 'policies', d: { _id: 'p1', orgId: 'o', n: 3, at } as Row },
  { op: 'del', c: 'policies', id: 'p2' },
  { op: 'put', c: 'invoices', d: { _id: 'i1', orgId: 'o' } },
];

test('a journal data directory is imported on first start, dates and deletions included, and the journal is kept aside', async (t) => {
  const dir = await journalDir(t, history, '1234abcd {"op":"put","c":"policies","d":{"_id":"torn"');
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('policies', [{ name: 'org_n', keys: { orgId: 1, n: 1 } }]);
  const policies = store.collection<Row>('policies');
  t.deepEqual(await policies.find({}), [{ _id: 'p1', orgId: 'o', n: 3, at }]);
  t.deepEqual(
    (await policies.find({ orgId: 'o', n: { $gte: 3 } })).map((row) => row._id),
    ['p1'],
  );
  t.truthy(await store.collection('invoices').findOne({ _id: 'i1' }));
  await store.close();
  t.false(existsSync(join(dir, 'store', 'journal.log')));
  t.true(existsSync(join(dir, 'store', IMPORTED_JOURNAL_FILE)));
});

test('a journal damaged before its end is refused and nothing is loaded', async (t) => {
  const dir = await journalDir(t, history);
  const path = join(dir, 'store', 'journal.log');
  await writeFile(path, (await readFile(path, 'utf8')).replace('"n":2', '"n":9'));
  const refused = await t.throwsAsync(SqliteStore.open({ dir }), { instanceOf: JournalCorruptError });
  t.regex(refused?.message ?? '', /is damaged at byte \d+; it was not imported/);
  t.true(existsSync(path));
});

test('a start that died between the import and the rename only renames; a journal written since is imported again', async (t) => {
  const dir = await journalDir(t, history);
  const imported = join(dir, 'store', IMPORTED_JOURNAL_FILE);
  const journal = join(dir, 'store', 'journal.log');
  let store = await SqliteStore.open({ dir });
  await store.collection('policies').deleteOne({ _id: 'p1' });
  await store.close();

  await copyFile(imported, journal);
  store = await SqliteStore.open({ dir });
  t.is(await store.collection('policies').findOne({ _id: 'p1' }), null, 'the same journal is not loaded twice');
  await store.close();

  await copyFile(imported, journal);
  await appendFile(journal, journalLine({ op: 'put', c: 'policies', d: { _id: 'p9', orgId: 'o' } as Row }));
  store = await SqliteStore.open({ dir });
  t.truthy(await store.collection('policies').findOne({ _id: 'p9' }));
  await store.close();
});

test('the export writes a journal the import reads back to the same documents', async (t) => {
  const source = await mkdtemp(join(tmpdir(), 'export-'));
  t.teardown(() => rm(source, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir: source });
  const rows = store.collection<Row>('rows');
  for (let n = 0; n < 2_500; n += 1) await rows.insertOne({ _id: `r${String(n).padStart(5, '0')}`, orgId: 'o', n, at });
  await store.collection('other').insertOne({ _id: 'x', orgId: 'o' });
  await store.collection('counters', { volatile: true }).insertOne({ _id: 'c', orgId: 'o' });
  const target = await journalDir(t, []);
  await rm(join(target, 'store', 'journal.log'));
  t.is(await exportJournal(store, join(target, 'store', 'journal.log')), 2_501, 'volatile collections are not exported');
  await store.close();

  const copy = await SqliteStore.open({ dir: target });
  const copied = await copy.collection<Row>('rows').find({}, { sort: { _id: 1 } });
  t.is(copied.length, 2_500);
  t.deepEqual(copied[1_234], { _id: 'r01234', orgId: 'o', n: 1_234, at });
  t.truthy(await copy.collection('other').findOne({ _id: 'x' }));
  await copy.close();
});
