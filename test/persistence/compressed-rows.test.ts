import { packedKey } from '../../adapters/persistence/sqlite/packed-ids.ts';
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { RETRAINING_ROWS, TRAINING_ROWS } from '../../adapters/persistence/sqlite/document-compression.ts';
import { exportJournal } from '../../adapters/persistence/sqlite/journal-export.ts';
import { NO_TUNING, type EmbeddedTuning } from '../../adapters/persistence/sqlite/embedded-tuning.ts';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

type Invoice = {
  _id: string;
  orgId: string;
  policyId: string;
  invoiceNumber: string;
  insuredName: string;
  amount: number;
  lines: Array<{ kind: string; amount: number }>;
  dueDate: string;
  status: string;
  createdAt: Date;
};

const run = promisify(execFile);
const ORG = 'org_0123456789abcdef0123456789ab';

const invoice = (n: number): Invoice => ({
  _id: `inv_01a21a485b7400a5bca2d9b7${n.toString(16).padStart(4, '0')}`,
  orgId: ORG,
  policyId: `pol_01a21a485b6b004e4fc79f5f${Math.floor(n / 12)
    .toString(16)
    .padStart(4, '0')}`,
  invoiceNumber: `GL-2026-${String(Math.floor(n / 12)).padStart(6, '0')}-${(n % 12) + 1}`,
  insuredName: n % 3 === 0 ? `Café Ångström ${n} 🙂` : `Flow ${n}`,
  amount: 6333 + n,
  lines: [{ kind: 'premium', amount: 6333 + n }],
  dueDate: `2027-${String((n % 12) + 1).padStart(2, '0')}-26`,
  status: n % 5 === 0 ? 'paid' : 'open',
  createdAt: new Date(Date.UTC(2026, 10, 26, 0, 0, n)),
});

const tempDir = async (t: { teardown: (fn: () => Promise<void>) => void }) => {
  const dir = await mkdtemp(join(tmpdir(), 'compressed-rows-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

const openWithIndexes = async (dir: string, tuning: EmbeddedTuning = NO_TUNING) => {
  const store = await SqliteStore.open({ dir, tuning });
  await store.ensureIndexes('invoices', [
    { name: 'org_policy', keys: { orgId: 1, policyId: 1, _id: -1 } },
    { name: 'org_number', keys: { orgId: 1, invoiceNumber: 1 }, unique: true },
  ]);
  return store;
};

const rawFile = (dir: string) => new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });

test('rows past a table’s first ones are kept compressed against its dictionary and read back as written', async (t) => {
  const dir = await tempDir(t);
  const store = await openWithIndexes(dir);
  const written = Array.from({ length: 240 }, (_, n) => invoice(n));
  for (const document of written) await store.collection<Invoice>('invoices').insertOne(document);
  await store.close();

  const db = rawFile(dir);
  const kinds = db.prepare('SELECT typeof(doc) AS kind, length(doc) AS bytes FROM "docs:invoices" ORDER BY id').all() as Array<{
    kind: string;
    bytes: number;
  }>;
  const dictionaries = db.prepare('SELECT tableName, length(bytes) AS bytes FROM _store_dictionaries').all();
  db.close();
  t.true(
    kinds.slice(0, TRAINING_ROWS).every(({ kind }) => kind === 'text'),
    'the first rows stay text',
  );
  t.true(
    kinds.slice(TRAINING_ROWS + 1).every(({ kind }) => kind === 'blob'),
    'the rows after are compressed',
  );
  const averageOf = (rows: typeof kinds) => rows.reduce((sum, { bytes }) => sum + bytes, 0) / rows.length;
  t.true(averageOf(kinds.slice(-100)) * 3 < averageOf(kinds.slice(0, TRAINING_ROWS)), 'to a third of their text or less');
  t.deepEqual(
    dictionaries.map((row) => row.tableName),
    ['invoices'],
  );

  const reopened = await openWithIndexes(dir);
  const invoices = reopened.collection<Invoice>('invoices');
  t.deepEqual(await invoices.findOne({ _id: written[200]!._id }), written[200]);
  t.deepEqual(await invoices.findOne({ orgId: ORG, invoiceNumber: written[99]!.invoiceNumber }), written[99]);
  t.deepEqual(await invoices.find({ orgId: ORG, policyId: written[150]!.policyId }, { sort: { _id: -1 } }), written.slice(144, 156).reverse());
  t.deepEqual(await invoices.find({ insuredName: written[201]!.insuredName }), [written[201]], 'a field no index holds is matched on the decoded document');
  t.deepEqual(await invoices.find({}, { sort: { _id: 1 } }), written);
  t.is(await exportJournal(reopened, join(dir, 'export.log')), 240, 'an export writes every document whole');
  await reopened.close();
});

test('a table’s dictionary is made once more from its latest rows when it holds RETRAINING_ROWS, and rows of both read back, after a restart too', async (t) => {
  const dir = await tempDir(t);
  let store = await openWithIndexes(dir);
  // The first rows are unlike the rest (an organization's set-up, say): the first dictionary is made of them.
  const setUp = (n: number): Invoice => ({ ...invoice(n), lines: [{ kind: `set-up step ${n} ${'x'.repeat(40)}`, amount: n }] });
  const written = Array.from({ length: RETRAINING_ROWS + 400 }, (_, n) => (n <= TRAINING_ROWS ? setUp(n) : invoice(n)));
  const invoices = () => store.collection<Invoice>('invoices');
  const insertAll = (documents: Invoice[]) => store.writeTogether(documents.map((document) => ({ collection: 'invoices', insertOne: document })));
  for (let from = 0; from < written.length; from += 500) await insertAll(written.slice(from, from + 500));
  const dictionaryCodes = () => {
    const db = rawFile(dir);
    const codes = db
      .prepare('SELECT code FROM _store_dictionaries WHERE tableName = ? ORDER BY code')
      .all('invoices')
      .map((row) => Number(row.code));
    const named = db.prepare('SELECT DISTINCT (hex(substr(doc, 2, 2))) AS code FROM "docs:invoices" WHERE typeof(doc) = \'blob\'').all();
    db.close();
    return { codes, named: named.map((row) => Number.parseInt(String(row.code), 16)).sort((a, b) => a - b) };
  };
  t.deepEqual(dictionaryCodes().codes.length, 2, 'a second dictionary, made when the table held RETRAINING_ROWS');
  t.deepEqual(dictionaryCodes().named, dictionaryCodes().codes, 'rows name one or the other');
  await store.close();
  store = await openWithIndexes(dir);
  await insertAll(Array.from({ length: 300 }, (_, n) => invoice(RETRAINING_ROWS + 400 + n)));
  t.is(dictionaryCodes().codes.length, 2, 'and no third, after a restart');
  t.deepEqual(await invoices().find({}, { sort: { _id: 1 } }), [...written, ...Array.from({ length: 300 }, (_, n) => invoice(RETRAINING_ROWS + 400 + n))]);
  await store.close();
});

test('a dictionary made inside a write that is rolled back is not kept, and the rows written after read back', async (t) => {
  const dir = await tempDir(t);
  const store = await openWithIndexes(dir);
  const invoices = store.collection<Invoice>('invoices');
  for (let n = 0; n < TRAINING_ROWS; n += 1) await invoices.insertOne(invoice(n));
  // The next write makes the dictionary, then breaks the unique invoice number: it is rolled back whole.
  await t.throwsAsync(invoices.insertOne({ ...invoice(1_000), invoiceNumber: invoice(3).invoiceNumber }), { message: /same unique value/ });
  for (let n = TRAINING_ROWS; n < 150; n += 1) await invoices.insertOne(invoice(n));
  await store.close();

  const db = rawFile(dir);
  const codes = db
    .prepare('SELECT code FROM _store_dictionaries')
    .all()
    .map((row) => Number(row.code));
  const named = db.prepare('SELECT DISTINCT hex(substr(doc, 2, 2)) AS code FROM "docs:invoices" WHERE typeof(doc) = \'blob\'').all();
  db.close();
  t.is(codes.length, 1, 'one dictionary kept');
  t.deepEqual(
    named.map((row) => parseInt(String(row.code), 16)),
    codes,
    'the compressed rows name the dictionary kept',
  );
  const reopened = await openWithIndexes(dir);
  t.deepEqual(
    await reopened.collection<Invoice>('invoices').find({}, { sort: { _id: 1 } }),
    Array.from({ length: 150 }, (_, n) => invoice(n)),
  );
  await reopened.close();
});

test('a document too short to gain or too long stays text, one of some KiB is compressed, and a document changed keeps reading back', async (t) => {
  const dir = await tempDir(t);
  const store = await openWithIndexes(dir);
  const invoices = store.collection<Invoice>('invoices');
  for (let n = 0; n < 100; n += 1) await invoices.insertOne(invoice(n));
  // `{"_id":"t99","t":"gl99"}`: under 32 characters.
  const short = store.collection<{ _id: string; t: string }>('terms');
  for (let n = 0; n < 100; n += 1) await short.insertOne({ _id: `t${n}`, t: `gl${n}` });
  let latest = invoice(90);
  for (let change = 0; change < 5; change += 1) {
    latest = { ...latest, status: `status-${change}`, amount: latest.amount + 1 };
    await invoices.updateOne({ _id: latest._id }, { $set: { status: latest.status, amount: latest.amount } });
    t.deepEqual(await invoices.findOne({ _id: latest._id }), latest);
  }
  // 9 KiB of text (past 3 bytes a character's worth of the 16 KiB limit), and 20 KiB.
  const long = { ...invoice(500), insuredName: Array.from({ length: 900 }, (_, n) => `word${n} `).join('') };
  const tooLong = { ...invoice(501), insuredName: Array.from({ length: 2_000 }, (_, n) => `word${n} `).join('') };
  await invoices.insertOne(long);
  await invoices.insertOne(tooLong);
  await store.close();
  const db = rawFile(dir);
  t.is(db.prepare('SELECT count(*) AS n FROM "docs:terms" WHERE typeof(doc) <> \'text\'').get()?.n, 0);
  const kindOf = (id: string) => db.prepare('SELECT typeof(doc) AS kind FROM "docs:invoices" WHERE id = ?').get(packedKey(id))?.kind;
  t.is(kindOf(long._id), 'blob');
  t.is(kindOf(tooLong._id), 'text');
  db.close();
  const reopened = await openWithIndexes(dir);
  const again = reopened.collection<Invoice>('invoices');
  t.deepEqual(await again.findOne({ _id: latest._id }), latest);
  t.deepEqual(await again.findOne({ _id: long._id }), long);
  t.deepEqual(await again.findOne({ _id: tooLong._id }), tooLong);
  await reopened.close();
});

test('store:compact compresses the rows still kept as text and the file shrinks; documents and queries are unchanged', async (t) => {
  const dir = await tempDir(t);
  const store = await openWithIndexes(dir);
  const written = Array.from({ length: 300 }, (_, n) => invoice(n));
  // A table's first rows stay text, as every row of a store from before compression.
  await store.writeTogether(written.map((document) => ({ collection: 'invoices', insertOne: document })));
  await store.close();
  const textRows = () => {
    const db = rawFile(dir);
    const { n } = db.prepare('SELECT count(*) AS n FROM "docs:invoices" WHERE typeof(doc) = \'text\'').get() as { n: number };
    db.close();
    return n;
  };
  t.is(textRows(), TRAINING_ROWS);
  const sizeBefore = (await stat(join(dir, 'store', STORE_FILE))).size;

  const { stdout } = await run(process.execPath, [join(import.meta.dirname, '../../bootstrap/compact-store.ts'), dir], {
    env: { ...process.env, MONGODB_URI: '' },
  });
  t.regex(stdout, /invoices: \d+ rows compressed/);
  t.is(textRows(), 0);
  t.true((await stat(join(dir, 'store', STORE_FILE))).size < sizeBefore, 'the file is smaller');

  const reopened = await openWithIndexes(dir);
  const invoices = reopened.collection<Invoice>('invoices');
  t.deepEqual(await invoices.find({}, { sort: { _id: 1 } }), written);
  t.deepEqual(await invoices.find({ orgId: ORG, policyId: written[13]!.policyId }, { sort: { _id: -1 } }), written.slice(12, 24).reverse());
  await reopened.close();
  const again = await run(process.execPath, [join(import.meta.dirname, '../../bootstrap/compact-store.ts'), dir], { env: { ...process.env, MONGODB_URI: '' } });
  t.notRegex(again.stdout, /rows compressed/, 'a second run finds nothing to do');
});

test('a collection the engine is told holds counters keeps its rows as text, rewritten or new; rows compressed before it was declared so still read', async (t) => {
  const dir = await tempDir(t);
  const first = await openWithIndexes(dir);
  for (let n = 0; n < 240; n += 1) await first.collection<Invoice>('invoices').insertOne(invoice(n));
  await first.close();

  const store = await openWithIndexes(dir, { ...NO_TUNING, textRows: ['invoices'] });
  const counters = store.collection<Invoice>('invoices');
  // Compressed before: read back, then rewritten as text.
  t.like(await counters.findOne({ _id: invoice(200)._id }), { amount: invoice(200).amount, insuredName: invoice(200).insuredName });
  await counters.updateOne({ _id: invoice(200)._id }, { $inc: { amount: 1 } });
  for (let n = 240; n < 300; n += 1) await counters.insertOne(invoice(n));
  await store.close();

  const db = rawFile(dir);
  const kindOf = (n: number) => db.prepare('SELECT typeof(doc) AS kind FROM "docs:invoices" WHERE id = ?').get(packedKey(invoice(n)._id))?.kind;
  const kinds = { untouched: kindOf(199), rewritten: kindOf(200), added: [240, 270, 299].map(kindOf) };
  db.close();
  t.deepEqual(kinds, { untouched: 'blob', rewritten: 'text', added: ['text', 'text', 'text'] });
  const reopened = await openWithIndexes(dir);
  t.like(await reopened.collection<Invoice>('invoices').findOne({ _id: invoice(200)._id }), { amount: invoice(200).amount + 1 });
  t.is(await reopened.collection('invoices').countDocuments({}), 300);
  await reopened.close();
});
