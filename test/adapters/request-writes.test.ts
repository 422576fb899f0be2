import test from 'ava';
import { ScopedRequestWrites } from '../../adapters/shared/request-writes.ts';
import type { CollectionStore, GroupedWrite } from '../../ports/shared/persistence/collection-store.port.ts';

const write = (id: string): GroupedWrite => ({ collection: 'audit_log', insertOne: { _id: id, orgId: 'org' } });
const idsOf = (writes: readonly GroupedWrite[]) => writes.map((each) => ('insertOne' in each ? String(each.insertOne._id) : ''));

test("a request's write joins its first group only, and is given back when that group fails", async (t) => {
  const scope = new ScopedRequestWrites();
  const groups: string[][] = [];
  let failNext = true;
  const commit = async (writes: readonly GroupedWrite[]) => {
    if (failNext) {
      failNext = false;
      throw new Error('guard failed');
    }
    groups.push(idsOf(writes));
  };
  const { result, kept } = await scope.around(
    () => write('entry'),
    async () => {
      await t.throwsAsync(scope.commit([write('a')], commit), { message: 'guard failed' });
      await scope.commit([write('b')], commit);
      await scope.commit([write('c')], commit);
      return 'answered';
    },
  );
  t.is(result, 'answered');
  t.true(kept);
  t.deepEqual(groups, [['b', 'entry'], ['c']], 'the retried group carries the entry, the one after it does not');
});

test('a request that commits no group keeps its write itself; work it leaves running commits without it; outside a request nothing is added', async (t) => {
  const scope = new ScopedRequestWrites();
  const groups: string[][] = [];
  const commit = async (writes: readonly GroupedWrite[]) => void groups.push(idsOf(writes));
  let release: () => void = () => {};
  let background: Promise<void> = Promise.resolve();
  const { kept } = await scope.around(
    () => write('entry'),
    async () => {
      const gate = new Promise<void>((resolve) => (release = resolve));
      background = gate.then(() => scope.commit([write('later')], commit));
    },
  );
  t.false(kept);
  release();
  await background;
  await scope.commit([write('job')], commit);
  t.deepEqual(groups, [['later'], ['job']]);
});

test('two groups of one request committing at once: exactly one carries the write', async (t) => {
  const scope = new ScopedRequestWrites();
  const groups: string[][] = [];
  const commit = async (writes: readonly GroupedWrite[]) => {
    await new Promise((resolve) => setImmediate(resolve));
    groups.push(idsOf(writes));
  };
  await scope.around(
    () => write('entry'),
    () => Promise.all([scope.commit([write('a')], commit), scope.commit([write('b')], commit)]),
  );
  t.is(groups.flat().filter((id) => id === 'entry').length, 1);
});

test("a store joined to requests: its groups carry the request's write, every other call reaches the store itself", async (t) => {
  const scope = new ScopedRequestWrites();
  const groups: string[][] = [];
  const store = {
    engine: 'memory',
    writeTogether: async (writes: readonly GroupedWrite[]) => void groups.push(idsOf(writes)),
    ping: async function (this: unknown) {
      t.is(this, store, 'called on the store itself');
    },
  } as unknown as CollectionStore;
  const joined = scope.joining(store);
  await scope.around(
    (group) => write(`entry-for-${idsOf(group)[0]}`),
    () => joined.writeTogether([write('sub_1')]),
  );
  await joined.ping();
  t.is(joined.engine, 'memory');
  t.deepEqual(groups, [['sub_1', 'entry-for-sub_1']]);
});
