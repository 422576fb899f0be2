import test from 'ava';
import { SqliteStore } from '../../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { StoreWrittenPremiumCounter } from '../../adapters/persistence/underwriting/written-premium-counter.store.ts';
import { cents } from '../../core/shared/money.ts';

const counter = async (t: { teardown: (fn: () => unknown) => void }) => {
  const store = await SqliteStore.open();
  t.teardown(() => store.close());
  return { store, counter: new StoreWrittenPremiumCounter(store) };
};

test('reservations move the year’s total while it stays within the cap; one past it is refused and moves nothing', async (t) => {
  const { counter: written } = await counter(t);
  t.true(await written.reserve('org_a', 'gl', 2027, cents(60_00), cents(100_00)));
  t.true(await written.reserve('org_a', 'gl', 2027, cents(40_00), cents(100_00)));
  t.false(await written.reserve('org_a', 'gl', 2027, cents(1), cents(100_00)));
  t.is(await written.written('org_a', 'gl', 2027), cents(100_00));
  await written.release('org_a', 'gl', 2027, cents(30_00));
  t.true(await written.reserve('org_a', 'gl', 2027, cents(30_00), cents(100_00)));
  t.is(await written.written('org_a', 'gl', 2027), cents(100_00));
  t.is(await written.written('org_a', 'gl', 2028), cents(0), 'another year is another total');
});

test('a first reservation larger than the cap is refused and writes no total', async (t) => {
  const { store, counter: written } = await counter(t);
  t.false(await written.reserve('org_a', 'gl', 2027, cents(101_00), cents(100_00)));
  t.is(await store.collection('da_aggregates').countDocuments({}), 0);
  t.true(await written.reserve('org_a', 'gl', 2027, cents(100_00), cents(100_00)));
});

test('first reservations racing for one total: as many as the cap holds are kept, the total made once', async (t) => {
  const { store, counter: written } = await counter(t);
  const outcomes = await Promise.all(Array.from({ length: 5 }, () => written.reserve('org_a', 'gl', 2027, cents(30_00), cents(100_00))));
  t.is(outcomes.filter(Boolean).length, 3);
  t.is(await written.written('org_a', 'gl', 2027), cents(90_00));
  t.deepEqual(await store.collection('da_aggregates').find({}), [{ _id: 'org_a:gl:2027', orgId: 'org_a', written: 90_00, programId: 'gl', year: 2027 }]);
});
