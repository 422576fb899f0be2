import test from 'ava';
import { DocumentCache } from '../../adapters/persistence/sqlite/document-cache.ts';
import { NO_TUNING } from '../../adapters/persistence/sqlite/embedded-tuning.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

test('over its budget the cache lets go of the oldest documents not read since they were kept', (t) => {
  // Sixteen documents of 100 bytes fill it (one may take a sixteenth of the budget at most).
  const cache = new DocumentCache(1_600);
  const ids = Array.from({ length: 16 }, (_, n) => `d${n}`);
  for (const id of ids) cache.keep('rows', { _id: id }, 100);
  t.truthy(cache.get('rows', 'd0'));
  cache.keep('rows', { _id: 'd16' }, 100);
  const held = () => [...ids, 'd16'].filter((id) => cache.get('rows', id));
  t.deepEqual(
    held(),
    [...ids, 'd16'].filter((id) => id !== 'd1'),
  );
  // Every one held was read just now: each is passed over once, then the oldest goes.
  cache.keep('rows', { _id: 'd17' }, 100);
  t.is(held().length, 15);
  t.truthy(cache.get('rows', 'd17'));
});

test('kept documents are frozen, and one larger than a sixteenth of the budget is not kept', (t) => {
  const cache = new DocumentCache(16_000);
  const kept = cache.keep('rows', { _id: 'a', nested: { n: 1 } }, 100);
  t.true(Object.isFrozen(kept) && Object.isFrozen(kept.nested));
  cache.keep('rows', { _id: 'big' }, 1_001);
  t.is(cache.get('rows', 'big'), undefined);
  t.is(cache.get('other', 'a'), undefined, 'tables do not share ids');
});

test('what a rolled back savepoint wrote is forgotten again, and only that', (t) => {
  const cache = new DocumentCache(16_000);
  cache.keep('rows', { _id: 'a' }, 100);
  cache.watch();
  cache.forget('rows', 'b');
  cache.keep('rows', { _id: 'b' }, 100);
  cache.forgetWatched();
  t.truthy(cache.get('rows', 'a'));
  t.is(cache.get('rows', 'b'), undefined);
});

test('a savepoint that wrote more than the cache lists (a bulk load) forgets everything when rolled back', (t) => {
  const cache = new DocumentCache(16_000);
  cache.keep('rows', { _id: 'before' }, 100);
  cache.watch();
  for (let n = 0; n <= 10_000; n += 1) cache.forget('bulk', `b${n}`);
  cache.keep('bulk', { _id: 'b1' }, 100);
  cache.forgetWatched();
  t.is(cache.get('bulk', 'b1'), undefined);
  t.is(cache.get('rows', 'before'), undefined);
});

test('a document read by its id and then updated is held as written: the next read takes no row', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const totals = store.collection<{ _id: string; n: number }>('totals');
  await totals.insertOne({ _id: 'month', n: 1 });
  await totals.findOneAndUpdate({ _id: 'month' }, { $inc: { n: 1 } });
  const read = store.inspection.rowsRead();
  const held = await totals.findOne({ _id: 'month' });
  t.deepEqual(held, { _id: 'month', n: 2 });
  t.is(store.inspection.rowsRead(), read);
  t.true(Object.isFrozen(held));
  // What was updated without being held (larger than the cache keeps) is not taken in.
  await totals.insertOne({ _id: 'other', n: 1, note: 'x'.repeat(1_100_000) } as { _id: string; n: number });
  await totals.updateMany({ _id: 'other' }, { $inc: { n: 1 } });
  t.is((await totals.findOne({ _id: 'other' }))?.n, 2);
  t.is(store.inspection.rowsRead(), read + 2, 'updateMany read it, and the read after it read it again');
});

test('a document just inserted in a collection read after its inserts is held as the text written: read by its id or found by a query, it is decoded from that text, a copy its writer cannot change', async (t) => {
  const store = await SqliteStore.open({ tuning: { ...NO_TUNING, readAfterInsert: ['invoices'] } });
  t.teardown(() => store.close());
  const invoices = store.collection<{ _id: string; policyId: string; amount: number; due: Date; lines: Array<{ amount: number }> }>('invoices');
  await store.ensureIndexes('invoices', [{ name: 'policy', keys: { policyId: 1 } }]);
  const written = { _id: 'inv_1', policyId: 'pol_1', amount: 100, due: new Date('2026-12-01T00:00:00.000Z'), lines: [{ amount: 100 }] };
  await invoices.insertOne(written);
  await invoices.insertOne({ ...written, _id: 'inv_2', amount: 50 });
  written.lines.push({ amount: 1 });
  const read = store.inspection.rowsRead();
  const found = await invoices.find({ policyId: 'pol_1' }, { sort: { _id: 1 } });
  t.deepEqual(
    found.map((invoice) => [invoice._id, invoice.amount, invoice.lines.length, invoice.due.toISOString()]),
    [
      ['inv_1', 100, 1, '2026-12-01T00:00:00.000Z'],
      ['inv_2', 50, 1, '2026-12-01T00:00:00.000Z'],
    ],
    'as written, not as its writer changed it since',
  );
  t.is(store.inspection.rowsRead(), read + 2, 'the query reads its rows');
  const byId = await invoices.findOne({ _id: 'inv_1' });
  t.true(Object.isFrozen(byId) && Object.isFrozen(byId?.lines), 'read by its id, it is kept as such reads are');
  t.is(store.inspection.rowsRead(), read + 2, 'from the text written');
  t.is((await invoices.find({ policyId: 'pol_1' }, { sort: { _id: 1 } }))[0] ?? null, byId, 'a query then takes it from the cache');
  // An insert undone with its group (the group's next write was refused) leaves nothing held.
  await t.throwsAsync(
    store.writeTogether([
      { collection: 'invoices', insertOne: { ...written, _id: 'inv_3' } },
      { collection: 'invoices', insertOne: { ...written, _id: 'inv_1' } },
    ]),
  );
  t.is(await invoices.findOne({ _id: 'inv_3' }), null);
});

test('a collection not read after its inserts does not hold them: the first read decodes the row', async (t) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  const audit = store.collection<{ _id: string; n: number }>('audit');
  await audit.insertOne({ _id: 'a', n: 1 });
  const read = store.inspection.rowsRead();
  t.deepEqual(await audit.findOne({ _id: 'a' }), { _id: 'a', n: 1 });
  t.is(store.inspection.rowsRead(), read + 1);
});
