import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import { isDomainError } from '../../core/shared/domain-error.ts';
import { RequiredWriteUnmatched, type CollectionStore, type StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

interface Total extends StoredDocument {
  amount: number;
  count: number;
}

const name = (label: string) => `${label}_${randomUUID().slice(0, 8)}`;

/** `writeTogether`: a record and the total it moves are kept together or not at all, on every engine. */
export const groupedWritesContract = <C extends { readonly store: CollectionStore }>(test: TestFn<C>, title: string): void => {
  const posting = (records: string, totals: string, id: string, amount: number) => [
    { collection: records, insertOne: { _id: id, amount } },
    { collection: totals, updateOne: { filter: { _id: 'month' }, update: { $inc: { amount, count: 1 } }, upsert: true } },
  ];

  test(`${title}: writes applied together are all read back`, async (t) => {
    const [records, totals] = [name('records'), name('totals')];
    await t.context.store.writeTogether(posting(records, totals, 'r1', 1250));
    await t.context.store.writeTogether(posting(records, totals, 'r2', -250));
    t.deepEqual(await t.context.store.collection<Total>(totals).findOne({ _id: 'month' }), { _id: 'month', amount: 1000, count: 2 });
    t.is(await t.context.store.collection(records).countDocuments({}), 2);
  });

  test(`${title}: a duplicate anywhere in the group keeps none of it, and the store goes on`, async (t) => {
    const [records, totals] = [name('records'), name('totals')];
    await t.context.store.writeTogether(posting(records, totals, 'r1', 500));
    // The total is written first this time, the duplicate record second: the total must not move.
    const [insert, update] = posting(records, totals, 'r1', 700);
    const error = await t.throwsAsync(t.context.store.writeTogether([update!, insert!]));
    t.true(isDomainError(error) && error.code === 'duplicate');
    t.deepEqual(await t.context.store.collection<Total>(totals).findOne({ _id: 'month' }), { _id: 'month', amount: 500, count: 1 });
    await t.context.store.writeTogether(posting(records, totals, 'r2', 1));
    t.deepEqual(await t.context.store.collection<Total>(totals).findOne({ _id: 'month' }), { _id: 'month', amount: 501, count: 2 });
  });

  test(`${title}: an upsert whose filter no longer holds for the document of its id collides with it, and its group keeps nothing (a shut gate)`, async (t) => {
    const [records, gates] = [name('records'), name('gates')];
    const through = (id: string) => [
      { collection: records, insertOne: { _id: id, amount: 1 } },
      { collection: gates, updateOne: { filter: { _id: 'org:2027-01', closed: { $ne: true } }, update: { $inc: { count: 1 } }, upsert: true } },
    ];
    await t.context.store.writeTogether(through('before'));
    await t.context.store.collection(gates).updateOne({ _id: 'org:2027-01' }, { $set: { closed: true } });
    const error = await t.throwsAsync(t.context.store.writeTogether(through('after')));
    t.true(isDomainError(error) && error.code === 'duplicate', String(error));
    t.is(await t.context.store.collection(records).countDocuments({}), 1, 'the record of the refused group was not kept');
    t.like(await t.context.store.collection<Total>(gates).findOne({ _id: 'org:2027-01' }), { count: 1, closed: true });
  });

  test(`${title}: concurrent groups moving one total lose nothing, and a repeated record counts once`, async (t) => {
    const [records, totals] = [name('records'), name('totals')];
    const ids = Array.from({ length: 30 }, (_, n) => `r${n % 20}`);
    const outcomes = await Promise.allSettled(ids.map((id, n) => t.context.store.writeTogether(posting(records, totals, id, 100 + n))));
    const kept = ids.flatMap((id, n) => (outcomes[n]!.status === 'fulfilled' ? [100 + n] : []));
    t.is(kept.length, 20);
    const total = await t.context.store.collection<Total>(totals).findOne({ _id: 'month' });
    t.deepEqual(total, { _id: 'month', amount: kept.reduce((sum, amount) => sum + amount, 0), count: 20 });
  });

  test(`${title}: an update that matches nothing, without upsert, writes nothing and fails nothing`, async (t) => {
    const [records, totals] = [name('records'), name('totals')];
    await t.context.store.writeTogether([
      { collection: records, insertOne: { _id: 'r1', amount: 5 } },
      { collection: totals, updateOne: { filter: { _id: 'absent' }, update: { $inc: { amount: 5 } } } },
    ]);
    t.is(await t.context.store.collection(totals).countDocuments({}), 0);
    t.is(await t.context.store.collection(records).countDocuments({}), 1);
  });

  test(`${title}: a required guarded update that matches nothing keeps none of the group, wherever it stands in it`, async (t) => {
    const [records, totals] = [name('records'), name('totals')];
    await t.context.store.collection(records).insertOne({ _id: 'r1', version: 1 });
    const move = (version: number) => ({
      collection: records,
      updateOne: { filter: { _id: 'r1', version }, update: { $inc: { version: 1 } }, required: true },
    });
    const total = { collection: totals, updateOne: { filter: { _id: 'month' }, update: { $inc: { amount: 7, count: 1 } }, upsert: true } };
    await t.context.store.writeTogether([move(1), total]);
    // Version 1 is gone: the total written before the stale move and after it are both undone.
    for (const group of [
      [total, move(1)],
      [move(1), total],
    ]) {
      const error = await t.throwsAsync(t.context.store.writeTogether(group));
      t.true(error instanceof RequiredWriteUnmatched);
    }
    t.deepEqual(await t.context.store.collection<Total>(totals).findOne({ _id: 'month' }), { _id: 'month', amount: 7, count: 1 });
    t.deepEqual(await t.context.store.collection(records).findOne({ _id: 'r1' }), { _id: 'r1', version: 2 });
    // Two racing moves from the same version: exactly one is kept, with its total.
    const outcomes = await Promise.allSettled([t.context.store.writeTogether([move(2), total]), t.context.store.writeTogether([move(2), total])]);
    t.is(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 1);
    t.deepEqual(await t.context.store.collection<Total>(totals).findOne({ _id: 'month' }), { _id: 'month', amount: 14, count: 2 });
  });

  test(`${title}: a group moves many records at once, and a failed guard names itself and undoes them`, async (t) => {
    const [records, totals] = [name('records'), name('totals')];
    for (const id of ['q1', 'q2', 'q3']) await t.context.store.collection(records).insertOne({ _id: id, status: 'active', group: 'g' });
    await t.context.store.collection(totals).insertOne({ _id: 'cap', written: 90 });
    const withinCap = (amount: number) => ({
      collection: totals,
      updateOne: { filter: { _id: 'cap', written: { $lte: 100 - amount } }, update: { $inc: { written: amount } }, required: true, guard: 'cap' },
    });
    const supersede = { collection: records, updateMany: { filter: { group: 'g', _id: { $ne: 'q1' } }, update: { $set: { status: 'superseded' } } } };
    const error = await t.throwsAsync(t.context.store.writeTogether([supersede, withinCap(20)]));
    t.true(error instanceof RequiredWriteUnmatched && error.guard === 'cap');
    t.is(await t.context.store.collection(records).countDocuments({ status: 'active' }), 3);
    await t.context.store.writeTogether([supersede, withinCap(10)]);
    t.deepEqual(
      (await t.context.store.collection(records).find({ status: 'active' })).map((record) => record._id),
      ['q1'],
    );
    t.deepEqual(await t.context.store.collection(totals).findOne({ _id: 'cap' }), { _id: 'cap', written: 100 });
  });
};
