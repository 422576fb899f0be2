import test from 'ava';
import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { encodeDocument } from '../../adapters/persistence/sqlite/document-codec.ts';
import type { KeyValue } from '../../adapters/persistence/sqlite/index-keys.ts';
import { markKeyFields, restoreKeyFields, type MarkedField } from '../../adapters/persistence/sqlite/key-field-marks.ts';
import { packedKey } from '../../adapters/persistence/sqlite/packed-ids.ts';
import { SqliteStore, STORE_FILE } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

const FIELDS: MarkedField[] = [
  { field: 'policyId', column: '"k:policyId"', position: 0 },
  { field: 'status', column: '"k:status"', position: 1 },
];

/** What a row holds for a document: its key columns, as keysOf gives them. */
const rowOf = (document: Record<string, unknown>, packs: boolean) => {
  const key = (value: unknown): KeyValue => (typeof value === 'string' ? (packs ? packedKey(value) : value) : null);
  const keys = [key(document.policyId), key(document.status)];
  return { keys, row: { id: 'x', 'k:policyId': keys[0], 'k:status': keys[1] } };
};

const roundTrip = (document: Record<string, unknown>, packs = true) => {
  const text = encodeDocument({ _id: 'x', ...document });
  const { keys, row } = rowOf(document, packs);
  const marked = markKeyFields(text, { _id: 'x', ...document }, keys, FIELDS);
  return { text, marked, restored: restoreKeyFields(marked, row) };
};

test('a marked field is kept as a mark and read back from its key column, packed or not', (t) => {
  const document = { policyId: 'pol_01a21b0082eb005a0997293ce96f', amount: 6729, status: 'open' };
  for (const packs of [true, false]) {
    const { text, marked, restored } = roundTrip(document, packs);
    t.is(marked, '{"_id":"x","policyId":\u0001,"amount":6729,"status":\u0001}');
    t.is(restored, text);
  }
});

test('only what the key column holds is marked: other values, other fields, and a text without marks reads as written', (t) => {
  const { marked } = roundTrip({ policyId: 7, status: ['open'], other: 'open' });
  t.false(marked.includes('\u0001'));
  const old = '{"_id":"x","policyId":"pol_1"}';
  t.is(restoreKeyFields(old, { id: 'x' }), old);
  // A key that disagrees with the document (it cannot, as both come from one write) is not trusted.
  const text = encodeDocument({ _id: 'x', policyId: 'a', status: 'b' });
  t.is(markKeyFields(text, { _id: 'x', policyId: 'a', status: 'b' }, ['z', 'b'], FIELDS), '{"_id":"x","policyId":"a","status":\u0001}');
});

test('a nested occurrence of the same field and value, before the top-level one, still reads back whole', (t) => {
  const document = { details: { status: 'open', 'x"status': 'open' }, status: 'open', policyId: 'p"\u0001\\' };
  const { text, marked, restored } = roundTrip(document, false);
  t.is(restored, text);
  t.is(marked.split('\u0001').length - 1, 2);
});

test('a mark whose column the row lacks is an error naming the document and the field', (t) => {
  const error = t.throws(() => restoreKeyFields('{"status":\u0001}', { id: 'inv_1' }));
  t.regex(error.message, /inv_1 keeps 'status'/);
});

test('any strings in marked fields read back as written (property)', (t) => {
  fc.assert(
    fc.property(
      fc.record({
        policyId: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        status: fc.string(),
        note: fc.string(),
        nested: fc.dictionary(fc.constantFrom('status', 'policyId', 'a'), fc.string()),
      }),
      fc.boolean(),
      (document, packs) => {
        const { text, restored } = roundTrip(document, packs);
        return restored === text;
      },
    ),
    { numRuns: 2_000 },
  );
  t.pass();
});

test('a store keeps indexed strings once, in their key columns: documents read whole after updates, a restart and an export', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'key-field-marks-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const ORG = 'org_0123456789abcdef0123456789ab';
  const open = async () => {
    const store = await SqliteStore.open({ dir });
    await store.ensureIndexes('invoices', [{ name: 'org_policy_status', keys: { orgId: 1, policyId: 1, status: 1 } }]);
    return store;
  };
  const invoice = (n: number) => ({
    _id: `inv_01a21a485b7400a5bca2d9b7${n.toString(16).padStart(4, '0')}`,
    orgId: ORG,
    policyId: `pol_01a21a485b6b004e4fc79f5f${(n % 7).toString(16).padStart(4, '0')}`,
    status: 'open',
    lines: [{ status: 'open', policyId: 'elsewhere' }],
    amount: n,
  });
  let store = await open();
  const invoices = collectionOf(store);
  for (let n = 0; n < 200; n += 1) await invoices.insertOne(invoice(n));
  await invoices.updateOne({ _id: invoice(3)._id }, { $set: { status: 'paid', policyId: 'pol_moved' } });
  const expected = Array.from({ length: 200 }, (_, n) => (n === 3 ? { ...invoice(n), status: 'paid', policyId: 'pol_moved' } : invoice(n)));
  t.deepEqual(await invoices.find({}, { sort: { _id: 1 } }), expected);
  await store.close();

  const raw = new DatabaseSync(join(dir, 'store', STORE_FILE), { readOnly: true });
  const texts = raw.prepare('SELECT doc FROM "docs:invoices" WHERE typeof(doc) = \'text\'').all() as Array<{ doc: string }>;
  raw.close();
  t.true(texts.length > 0);
  for (const { doc } of texts) t.false(doc.includes('"policyId":"pol_'), doc);

  store = await open();
  t.deepEqual(await collectionOf(store).find({ policyId: 'pol_moved' }), [expected[3]]);
  t.deepEqual(await collectionOf(store).find({}, { sort: { _id: 1 } }), expected);
  // An export (journal-export.ts) writes each document's whole text.
  t.deepEqual(
    [...store.table('invoices', false).texts()],
    expected.map((document) => encodeDocument(document)),
  );
  await store.close();
});

const collectionOf = (store: SqliteStore) => store.collection<{ _id: string; [field: string]: unknown }>('invoices');
