import test from 'ava';
import { DocumentCache } from '../../adapters/persistence/sqlite/document-cache.ts';
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
  // What was updated without being held (many at once) is not taken in.
  await totals.insertOne({ _id: 'other', n: 1 });
  await totals.updateMany({ _id: 'other' }, { $inc: { n: 1 } });
  t.is((await totals.findOne({ _id: 'other' }))?.n, 2);
  t.is(store.inspection.rowsRead(), read + 2, 'updateMany read it, and the read after it read it again');
});
