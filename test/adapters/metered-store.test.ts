import test from 'ava';
import { meteredStore } from '../../adapters/metrics/metered-store.ts';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';

interface Row {
  _id: string;
  [field: string]: unknown;
  n: number;
}

const recorder = () => {
  const observed: Array<{ operation: string; collection: string; seconds: number }> = [];
  let lookups = 0;
  return {
    observed,
    lookups: () => lookups,
    storeOperation(operation: string, collection: string) {
      lookups += 1;
      return (seconds: number) => observed.push({ operation, collection, seconds });
    },
  };
};

test('every collection operation is timed, its series looked up once, and its result and failure pass through unchanged', async (t) => {
  const engine = await SqliteStore.open({});
  t.teardown(() => engine.close());
  const metrics = recorder();
  const store = meteredStore(engine, metrics);
  const rows = store.collection<Row>('rows');
  await rows.insertOne({ _id: 'a', n: 1 });
  t.deepEqual(await rows.findOne({ _id: 'a' }), { _id: 'a', n: 1 });
  t.is(await rows.findOne({ _id: 'b' }), null);
  await t.throwsAsync(() => rows.insertOne({ _id: 'a', n: 2 }));
  t.deepEqual(
    metrics.observed.map(({ operation, collection }) => `${operation} ${collection}`),
    ['insertOne rows', 'findOne rows', 'findOne rows', 'insertOne rows'],
  );
  t.true(metrics.observed.every(({ seconds }) => seconds >= 0));
  t.is(metrics.lookups(), 2, 'one series per operation and collection, not one per call');
  t.is(rows.findOne, rows.findOne, 'each operation is wrapped once');
});

test('an engine that throws at once still answers with a rejection, and the attempt is timed', async (t) => {
  const metrics = recorder();
  const throwing = {
    collection: () => ({
      findOne: () => {
        throw new Error('engine closed');
      },
    }),
  } as unknown as SqliteStore;
  const rows = meteredStore(throwing, metrics).collection<Row>('rows');
  const failing = rows.findOne({ _id: 'a' });
  t.true(failing instanceof Promise);
  await t.throwsAsync(failing, { message: 'engine closed' });
  t.is(metrics.observed.length, 1);
});

test('a group of writes is timed once, labelled by the collections it writes, and its failure passes through', async (t) => {
  const engine = await SqliteStore.open({});
  t.teardown(() => engine.close());
  const metrics = recorder();
  const store = meteredStore(engine, metrics);
  const group = (id: string) => [
    { collection: 'postings', insertOne: { _id: id, n: 1 } },
    { collection: 'totals', updateOne: { filter: { _id: 'month' }, update: { $inc: { n: 1 } }, upsert: true } },
    { collection: 'postings', insertOne: { _id: `${id}-2`, n: 2 } },
  ];
  await store.writeTogether(group('a'));
  await t.throwsAsync(() => store.writeTogether(group('a')));
  t.deepEqual(
    metrics.observed.map(({ operation, collection }) => `${operation} ${collection}`),
    ['writeTogether postings+totals', 'writeTogether postings+totals'],
  );
  t.is(await engine.collection('postings').countDocuments({}), 2);
});
