import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isDomainError } from '../../core/shared/domain-error.ts';
import type { IndexSpec, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';
import { exportJournal } from '../../adapters/persistence/sqlite/journal-export.ts';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { filterToSql } from '../../adapters/persistence/sqlite/filter-sql.ts';
import { compactStore } from '../../adapters/persistence/sqlite/store-compaction.ts';

interface Installment extends StoredDocument {
  _id: string;
  orgId: string;
  policyId: string;
  number: string;
  status: string;
}

const ORG = 'org_0123456789abcdef0123456789ab';
const hex = (n: number) => n.toString(16).padStart(16, '0');
const installment = (n: number): Installment => ({
  _id: n === 7 ? 'inv-imported-7' : `inv_01a21a485b74${hex(n)}`,
  orgId: ORG,
  policyId: `pol_01a21a485b6b${hex(Math.floor(n / 4))}`,
  number: `GL-${n}`,
  status: n % 3 === 0 ? 'paid' : 'open',
});

const INDEXES: IndexSpec[] = [
  { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
  { name: 'org_status', keys: { orgId: 1, status: 1, _id: -1 } },
  { name: 'org_number', keys: { orgId: 1, number: 1 }, unique: true },
];

const layout = (dir: string) => {
  const db = new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });
  try {
    const { wr } = db.prepare(`PRAGMA table_list("docs:installments")`).get() as { wr: number };
    const kinds = db.prepare('SELECT DISTINCT typeof(id) AS kind FROM "docs:installments" ORDER BY kind').all() as Array<{ kind: string }>;
    return { withoutRowid: wr === 1, idKinds: kinds.map(({ kind }) => kind) };
  } finally {
    db.close();
  }
};

/** What the table answers, whatever its layout. */
const answers = async (store: SqliteStore) => {
  const rows = store.collection<Installment>('installments');
  return {
    all: await rows.find({}, { sort: { _id: 1 } }),
    byPolicy: await rows.find({ orgId: ORG, policyId: installment(5).policyId }, { sort: { _id: -1 } }),
    open: await rows.find({ orgId: ORG, status: 'open' }, { sort: { _id: -1 }, limit: 3 }),
    after: await rows.find({ orgId: ORG, _id: { $lt: installment(9)._id } }, { sort: { _id: -1 }, limit: 4 }),
    one: await rows.findOne({ _id: installment(6)._id }),
    imported: await rows.findOne({ _id: 'inv-imported-7' }),
  };
};

/** A data directory whose store holds what `made` writes into its file, as an earlier version made it. */
const storeWithTableFromBefore = async (t: { teardown: (fn: () => Promise<void>) => void }, made: (raw: DatabaseSync) => void): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'table-layout-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await (await SqliteStore.open({ dir })).close();
  const raw = new DatabaseSync(join(dir, 'store', STORE_FILE));
  made(raw);
  raw.close();
  return dir;
};

test('a table made with a rowid keeps working as it was; store:compact rewrites it without one, ids packed, and every read answers the same', async (t) => {
  const dir = await storeWithTableFromBefore(t, (raw) => raw.exec('CREATE TABLE "docs:installments" (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL)'));

  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('installments', INDEXES);
  const rows = store.collection<Installment>('installments');
  for (let n = 0; n < 24; n += 1) await rows.insertOne(installment(n));
  await rows.updateOne({ _id: installment(4)._id }, { $set: { status: 'paid' } });
  await rows.deleteOne({ _id: installment(23)._id });
  const before = await answers(store);
  await store.close();
  t.deepEqual(layout(dir), { withoutRowid: false, idKinds: ['text'] });
  t.is(before.all.length, 23);
  t.is(before.byPolicy.length, 4);

  const compacting = await SqliteStore.open({ dir });
  const { relaidOut } = compactStore(compacting);
  t.deepEqual(relaidOut, ['installments']);
  t.deepEqual(await answers(compacting), before, 'read in the same store right after');
  await compacting.close();
  t.deepEqual(layout(dir), { withoutRowid: true, idKinds: ['text', 'blob'].sort() }, 'ids of the platform’s form are packed, the other kept as text');

  const reopened = await SqliteStore.open({ dir });
  t.deepEqual(await answers(reopened), before, 'read after a restart');
  const again = reopened.collection<Installment>('installments');
  const duplicate = await again.insertOne({ ...installment(30), number: 'GL-2' }).catch((error: unknown) => error);
  t.true(isDomainError(duplicate) && duplicate.code === 'duplicate', 'its unique index still holds');
  await again.insertOne(installment(30));
  t.deepEqual(await again.findOne({ _id: installment(30)._id }), installment(30));
  t.is(await exportJournal(reopened, join(dir, 'export.log')), 24, 'an export writes every document');
  t.deepEqual(compactStore(reopened).relaidOut, [], 'a second compaction has nothing to rewrite');
  await reopened.close();
});

test('a range over a column that never held a packed id reads only its own rows; once one held one, its ranges still answer exactly, after a restart too', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'table-layout-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('terms', [{ name: 'org_term', keys: { orgId: 1, t: 1 } }]);
  const terms = store.collection<{ _id: string; orgId: string; t: string }>('terms');
  const words = Array.from({ length: 300 }, (_, n) => `policy:${String.fromCharCode(97 + (n % 26))}${n}`);
  await store.writeTogether(words.map((t, n) => ({ collection: 'terms', insertOne: { _id: `term-${n}`, orgId: ORG, t } })));
  const range = { orgId: ORG, t: { $gte: 'policy:f', $lt: 'policy:g' } };
  const expected = words.filter((word) => word >= 'policy:f' && word < 'policy:g').sort();
  const read = async (from: SqliteStore) => {
    const before = from.inspection.rowsRead();
    const found = (await from.collection<{ _id: string; orgId: string; t: string }>('terms').find(range, { sort: { t: 1 } })).map((term) => term.t);
    return { found, rows: from.inspection.rowsRead() - before };
  };
  t.deepEqual(await read(store), { found: expected, rows: expected.length }, 'text terms: the walk stops at the range’s end');

  // An id of the platform's form in the same column: its ranges now read texts and packed ids apart.
  const id = 'policy_01a21a485b740000000000000001';
  await terms.insertOne({ _id: 'term-id', orgId: ORG, t: id });
  const withId = { orgId: ORG, t: { $gt: 'policy:zz', $lte: id } };
  t.deepEqual(
    (await terms.find(withId)).map((term) => term.t),
    [id],
  );
  await store.close();
  const reopened = await SqliteStore.open({ dir });
  t.deepEqual(
    (await reopened.collection<{ _id: string; orgId: string; t: string }>('terms').find(withId)).map((term) => term.t),
    [id],
    'after a restart',
  );
  t.deepEqual((await read(reopened)).found, expected);
  await reopened.close();
});

test('a string range is bounded by its own operands over a column without packed ids, and read in two runs over one with them', (t) => {
  const range = { t: { $gte: 'policy:f', $lt: 'policy:g' } };
  const texts = filterToSql(range, () => ({ name: '"k:t"', packsIds: true }));
  t.true(texts.exact);
  const packedIdsUntil = (param: unknown) => param instanceof Uint8Array && param.length === 1 && param[0] === 0x01;
  t.false(texts.params.some(packedIdsUntil), 'no bound past the texts, into the packed ids');
  t.true(texts.params.includes('policy:f') && texts.params.includes('policy:g'));
  const both = filterToSql(range, () => ({ name: '"k:t"', packsIds: true, stringForms: { packed: true, texts: true } }));
  t.false(both.exact, 'packed ids are left to the matcher against an operand of another form');
  const id = 'pol_01a21a485b740000000000000001';
  const byId = filterToSql({ t: { $lt: id } }, () => ({ name: '"k:t"', packsIds: true, stringForms: { packed: true, texts: true } }));
  t.true(byId.exact, 'an id operand bounds both runs');
});

test('a table from before interning keeps organizations in a key column of text; rewritten, they are packed there and documents still read whole', async (t) => {
  const dir = await storeWithTableFromBefore(t, (raw) => {
    raw.exec('CREATE TABLE "docs:records" (id TEXT NOT NULL PRIMARY KEY, doc TEXT NOT NULL, "k:orgId")');
    raw.exec('CREATE INDEX "docs:records/org_newest" ON "docs:records" ("k:orgId" ASC, id DESC)');
    raw
      .prepare('INSERT INTO _store_indexes VALUES (?, ?, ?)')
      .run('records', 'org_newest', JSON.stringify({ name: 'org_newest', keys: { orgId: 1, _id: -1 } }));
  });
  const written = [0, 1, 2].map((n) => ({ _id: `rec_01a21a485b74${n.toString(16).padStart(16, '0')}`, orgId: ORG, n }));
  const store = await SqliteStore.open({ dir });
  for (const record of written) await store.collection('records').insertOne(record);
  compactStore(store);
  t.deepEqual(await store.collection('records').find({ orgId: ORG }, { sort: { _id: -1 } }), [...written].reverse());
  await store.close();
  const reopened = await SqliteStore.open({ dir });
  t.deepEqual(await reopened.collection('records').find({ orgId: ORG }, { sort: { _id: 1 } }), written);
  t.deepEqual(await reopened.collection('records').findOne({ _id: written[1]!._id }), written[1]);
  await reopened.close();
});

test('what a rolled-back write noted of a field is noted again by the next write that holds it, and holds after a restart', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'table-layout-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const store = await SqliteStore.open({ dir });
  await store.ensureIndexes('links', [
    { name: 'org_ref', keys: { orgId: 1, ref: 1 } },
    { name: 'org_tags', keys: { orgId: 1, tags: 1 } },
  ]);
  type Link = { _id: string; orgId: string; ref?: string; tags?: unknown };
  const links = store.collection<Link>('links');
  const id = 'pol_01a21a485b740000000000000001';
  await links.insertOne({ _id: 'first', orgId: ORG, ref: id, tags: 'plain' });
  // Each refused as a duplicate id, after its keys were computed: the first text in `ref`, the first array in `tags`.
  const refused = await links.insertOne({ _id: 'first', orgId: ORG, ref: 'pol_custom', tags: ['a', 'b'] }).catch((error: unknown) => error);
  t.true(isDomainError(refused) && refused.code === 'duplicate');
  await links.insertOne({ _id: 'second', orgId: ORG, ref: 'pol_custom', tags: ['a', 'b'] });
  await store.close();

  const reopened = await SqliteStore.open({ dir });
  const again = reopened.collection<Link>('links');
  t.deepEqual(
    (await again.find({ orgId: ORG, ref: { $gte: 'pol_', $lt: 'pol_~' } }, { sort: { _id: 1 } })).map((link) => link._id),
    ['first', 'second'],
  );
  t.deepEqual(
    (await again.find({ orgId: ORG, ref: { $gt: id } })).map((link) => link._id),
    ['second'],
    'the text above the id',
  );
  t.deepEqual(
    (await again.find({ orgId: ORG, tags: 'a' })).map((link) => link._id),
    ['second'],
    'an array element matches',
  );
  await reopened.close();
});
