import test from 'ava';
import { FairSlots, SlotRefused } from '../../adapters/shared/fair-slots.ts';

const order = () => {
  const served: string[] = [];
  return { served, take: (slots: FairSlots, tenant: string, label = tenant) => slots.acquire(tenant).then((release) => (served.push(label), release)) };
};

test('a tenant alone uses every slot; the next tenant to ask gets the next slot freed, ahead of the first one’s queue', async (t) => {
  const slots = new FairSlots({ capacity: 2, maxQueue: 16, maxQueuePerTenant: 8 });
  const { served, take } = order();
  const [a1, a2] = await Promise.all([take(slots, 'a', 'a1'), take(slots, 'a', 'a2')]);
  const queuedA = [3, 4, 5].map((n) => take(slots, 'a', `a${n}`));
  const b1 = take(slots, 'b', 'b1');
  const c1 = take(slots, 'c', 'c1');
  a1();
  await b1;
  a2();
  await c1;
  t.deepEqual(served, ['a1', 'a2', 'b1', 'c1'], 'b and c, holding nothing, pass a’s waiting tasks');
  (await b1)();
  (await c1)();
  const [a3, a4] = await Promise.all(queuedA.slice(0, 2));
  t.deepEqual(served.slice(4), ['a3', 'a4']);
  (a3 as () => void)();
  (await queuedA[2])?.();
  (a4 as () => void)();
  t.deepEqual(served, ['a1', 'a2', 'b1', 'c1', 'a3', 'a4', 'a5']);
});

test('no tenant fills more than its share of the queue, and the queue has a bound; a closed gate refuses all', async (t) => {
  const slots = new FairSlots({ capacity: 1, maxQueue: 3, maxQueuePerTenant: 2 });
  const release = await slots.acquire('a');
  const waiting = [slots.acquire('a'), slots.acquire('a')];
  const share = await t.throwsAsync(slots.acquire('a'), { instanceOf: SlotRefused });
  t.is(share?.scope, 'share');
  const other = slots.acquire('b');
  const full = await t.throwsAsync(slots.acquire('c'), { instanceOf: SlotRefused });
  t.is(full?.scope, 'queue');
  // Both hold nothing now; b was never served, a was: b goes first.
  release();
  await t.notThrowsAsync(other);
  slots.close(new Error('stopping'));
  for (const refused of waiting) await t.throwsAsync(refused, { message: 'stopping' });
  await t.throwsAsync(slots.acquire('d'), { message: 'stopping' });
});

test('a slot is given back once, however often its release is called', async (t) => {
  const slots = new FairSlots({ capacity: 1, maxQueue: 4, maxQueuePerTenant: 4 });
  const release = await slots.acquire('a');
  release();
  release();
  const first = await slots.acquire('b');
  let second = false;
  void slots.acquire('c').then(() => (second = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.false(second, 'still one slot');
  first();
  await new Promise((resolve) => setImmediate(resolve));
  t.true(second);
});

test('capped below the capacity, one tenant leaves a slot for the next to start at once', async (t) => {
  const slots = new FairSlots({ capacity: 2, maxQueue: 8, maxQueuePerTenant: 8, maxHeldPerTenant: 1 });
  const first = await slots.acquire('a');
  let second = false;
  const queued = slots.acquire('a').then((release) => ((second = true), release));
  const other = await slots.acquire('b');
  t.false(second, 'a waits for its own slot while one is free for others');
  other();
  await new Promise((resolve) => setImmediate(resolve));
  t.false(second);
  first();
  (await queued)();
  t.true(second);
});
