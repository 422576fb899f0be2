import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import { isDomainError } from '../../core/shared/domain-error.ts';
import type { CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';
import { pageQuery, toPage, NEWEST_FIRST } from '../../adapters/persistence/shared/cursor-page.ts';
import { guardedMove } from '../../adapters/persistence/shared/guarded-move.ts';
import { RecordCollection } from '../../adapters/persistence/shared/record-collection.ts';
import type { DomainEvent } from '../../core/shared/events/domain-event.ts';
import { groupedWritesContract } from './grouped-writes.contract.ts';
import { indexDeclarationsContract } from './index-declarations.contract.ts';
import { platformIdsContract } from './platform-ids.contract.ts';

export interface StoreUnderTest {
  readonly store: CollectionStore;
  /** How long a TTL'd document may survive its expiry on this engine. */
  readonly ttlGraceMs: number;
}

interface Row extends StoredDocument {
  orgId: string;
  n?: number;
  tags?: string[];
  nested?: { level: string };
  version?: number;
  owner?: string;
  at?: Date;
}

const name = (label: string) => `${label}_${randomUUID().slice(0, 8)}`;

const isDuplicate = (error: unknown) => isDomainError(error) && error.code === 'duplicate';

/** One suite, run unchanged against every persistence engine. */
export const documentStoreContract = (test: TestFn<StoreUnderTest>, title: string): void => {
  groupedWritesContract(test, title);
  indexDeclarationsContract(test, title);
  platformIdsContract(test, title);
  test(`${title}: inserts, reads back, and results cannot alter the store`, async (t) => {
    const rows = t.context.store.collection<Row>(name('crud'));
    const at = new Date('2026-01-02T03:04:05.678Z');
    await rows.insertOne({ _id: 'a', orgId: 'o1', n: 1, nested: { level: 'x' }, at });
    const found = await rows.findOne({ _id: 'a', orgId: 'o1' });
    t.deepEqual(found, { _id: 'a', orgId: 'o1', n: 1, nested: { level: 'x' }, at });
    t.true(found?.at instanceof Date);
    try {
      found!.n = 99;
      found!.nested!.level = 'changed';
    } catch {
      // engines may hand out frozen documents
    }
    const again = await rows.findOne({ _id: 'a' });
    t.is(again?.n, 1);
    t.is(again?.nested?.level, 'x');
    const inserted = { _id: 'b', orgId: 'o1', nested: { level: 'y' } };
    await rows.insertOne(inserted);
    inserted.nested.level = 'mutated after insert';
    t.is((await rows.findOne({ _id: 'b' }))?.nested?.level, 'y');
    t.is(await rows.findOne({ _id: 'missing' }), null);
  });

  test(`${title}: a second document with the same _id is a duplicate`, async (t) => {
    const rows = t.context.store.collection<Row>(name('dupid'));
    await rows.insertOne({ _id: 'a', orgId: 'o1' });
    const error = await t.throwsAsync(rows.insertOne({ _id: 'a', orgId: 'o2' }));
    t.true(isDuplicate(error));
    t.is((await rows.findOne({ _id: 'a' }))?.orgId, 'o1');
  });

  test(`${title}: unique indexes reject inserts and updates that collide, and change nothing`, async (t) => {
    const collection = name('unique');
    await t.context.store.ensureIndexes(collection, [{ name: 'org_owner', keys: { orgId: 1, owner: 1 }, unique: true }]);
    const rows = t.context.store.collection<Row>(collection);
    await rows.insertOne({ _id: 'a', orgId: 'o1', owner: 'x' });
    await rows.insertOne({ _id: 'b', orgId: 'o2', owner: 'x' });
    await rows.insertOne({ _id: 'c', orgId: 'o1', owner: 'y' });
    t.true(isDuplicate(await t.throwsAsync(rows.insertOne({ _id: 'd', orgId: 'o1', owner: 'x' }))));
    t.true(isDuplicate(await t.throwsAsync(rows.updateOne({ _id: 'c' }, { $set: { owner: 'x' } }))));
    t.is((await rows.findOne({ _id: 'c' }))?.owner, 'y');
    t.is(await rows.countDocuments({}), 3);
  });

  test(`${title}: partial unique indexes only constrain matching documents`, async (t) => {
    const collection = name('partial');
    await t.context.store.ensureIndexes(collection, [
      { name: 'owner_when_active', keys: { owner: 1 }, unique: true, partialFilterExpression: { version: { $gte: 1 } } },
    ]);
    const rows = t.context.store.collection<Row>(collection);
    await rows.insertOne({ _id: 'a', orgId: 'o', owner: 'x', version: 0 });
    await rows.insertOne({ _id: 'b', orgId: 'o', owner: 'x', version: 0 });
    await rows.insertOne({ _id: 'c', orgId: 'o', owner: 'x', version: 1 });
    t.true(isDuplicate(await t.throwsAsync(rows.insertOne({ _id: 'd', orgId: 'o', owner: 'x', version: 2 }))));
  });

  test(`${title}: filters follow the MongoDB query language`, async (t) => {
    const collection = name('filters');
    await t.context.store.ensureIndexes(collection, [{ name: 'org_n', keys: { orgId: 1, n: -1 } }]);
    const rows = t.context.store.collection<Row>(collection);
    for (let n = 1; n <= 6; n += 1) {
      await rows.insertOne({ _id: `r${n}`, orgId: n % 2 ? 'odd' : 'even', n, tags: n > 3 ? ['big'] : ['small'], nested: { level: n > 4 ? 'high' : 'low' } });
    }
    const ids = async (filter: Record<string, unknown>) => (await rows.find(filter, { sort: { _id: 1 } })).map((r) => r._id);
    t.deepEqual(await ids({ orgId: 'odd' }), ['r1', 'r3', 'r5']);
    t.deepEqual(await ids({ orgId: 'odd', n: 3 }), ['r3']);
    t.deepEqual(await ids({ n: { $gt: 2, $lte: 4 } }), ['r3', 'r4']);
    t.deepEqual(await ids({ n: { $in: [1, 6] } }), ['r1', 'r6']);
    t.deepEqual(await ids({ tags: 'big' }), ['r4', 'r5', 'r6']);
    t.deepEqual(await ids({ 'nested.level': 'high' }), ['r5', 'r6']);
    t.deepEqual(await ids({ $or: [{ n: 1 }, { orgId: 'even', n: { $gte: 6 } }] }), ['r1', 'r6']);
    t.deepEqual(await ids({ owner: { $exists: true } }), []);
    t.deepEqual(await ids({ owner: null, n: 2 }), ['r2']);
    t.is(await rows.countDocuments({ orgId: 'even' }), 3);
  });

  test(`${title}: arrays, dates, negations and type bracketing follow MongoDB`, async (t) => {
    const rows = t.context.store.collection<Row & { items?: Array<{ sku: string }>; code?: unknown }>(name('semantics'));
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    await rows.insertOne({ _id: 'a', orgId: 'o', tags: ['x', 'y'], items: [{ sku: 's1' }, { sku: 's2' }], at: day(1), code: 3 });
    await rows.insertOne({ _id: 'b', orgId: 'o', tags: ['z'], items: [{ sku: 's3' }], at: day(5), code: '3' });
    await rows.insertOne({ _id: 'c', orgId: 'o', at: day(9), code: null });
    const ids = async (filter: Record<string, unknown>) => (await rows.find(filter, { sort: { _id: 1 } })).map((r) => r._id);
    t.deepEqual(await ids({ 'items.sku': 's2' }), ['a']);
    t.deepEqual(await ids({ tags: { $in: ['y', 'q'] } }), ['a']);
    t.deepEqual(await ids({ tags: { $nin: ['x'] } }), ['b', 'c']);
    t.deepEqual(await ids({ tags: { $ne: 'z' } }), ['a', 'c']);
    t.deepEqual(await ids({ at: { $gte: day(5) } }), ['b', 'c']);
    t.deepEqual(await ids({ at: { $gt: day(1), $lt: day(9) } }), ['b']);
    t.deepEqual(await ids({ at: day(9) }), ['c']);
    t.deepEqual(await ids({ code: { $gt: 2 } }), ['a']);
    t.deepEqual(await ids({ code: { $gte: '0' } }), ['b']);
    t.deepEqual(await ids({ code: null }), ['c']);
    t.deepEqual(await ids({ tags: { $exists: false } }), ['c']);
    t.deepEqual(await ids({ $and: [{ orgId: 'o' }, { $or: [{ code: 3 }, { code: '3' }] }] }), ['a', 'b']);
    t.deepEqual(await ids({ tags: ['z'] }), ['b']);
    t.deepEqual(await ids({ items: { $elemMatch: { sku: 's3' } } }), ['b']);
  });

  test(`${title}: sort, skip, limit and cursor pages`, async (t) => {
    const rows = t.context.store.collection<Row>(name('pages'));
    for (let n = 1; n <= 7; n += 1) await rows.insertOne({ _id: `id${String(n).padStart(2, '0')}`, orgId: 'o', n: n % 3 });
    const sorted = await rows.find({}, { sort: { n: -1, _id: 1 }, skip: 1, limit: 3 });
    t.deepEqual(
      sorted.map((r) => r._id),
      ['id05', 'id01', 'id04'],
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const query = pageQuery({ orgId: 'o' }, { limit: 3, ...(cursor ? { cursor } : {}) });
      const page = toPage(await rows.find(query.filter, { sort: NEWEST_FIRST, limit: query.fetch }), query.limit, (r) => r._id);
      seen.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    t.deepEqual(seen, ['id07', 'id06', 'id05', 'id04', 'id03', 'id02', 'id01']);
  });

  test(`${title}: update operators, returned documents and upserts`, async (t) => {
    const rows = t.context.store.collection<Row>(name('updates'));
    await rows.insertOne({ _id: 'a', orgId: 'o', n: 1, tags: [] });
    const before = await rows.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 2 }, $push: { tags: 't' } }, { returnDocument: 'before' });
    t.is(before?.n, 1);
    const after = await rows.findOneAndUpdate({ _id: 'a' }, { $set: { owner: 'me' }, $unset: { tags: '' } }, { returnDocument: 'after' });
    t.deepEqual(after, { _id: 'a', orgId: 'o', n: 3, owner: 'me' });
    t.is(await rows.findOneAndUpdate({ _id: 'none' }, { $set: { n: 1 } }), null);
    const upserted = await rows.findOneAndUpdate(
      { _id: 'b', orgId: 'o' },
      { $inc: { n: 1 }, $setOnInsert: { owner: 'first' } },
      { upsert: true, returnDocument: 'after' },
    );
    t.deepEqual(upserted, { _id: 'b', orgId: 'o', n: 1, owner: 'first' });
    const again = await rows.findOneAndUpdate({ _id: 'b', orgId: 'o' }, { $inc: { n: 1 }, $setOnInsert: { owner: 'second' } }, { upsert: true });
    t.deepEqual(again, { _id: 'b', orgId: 'o', n: 2, owner: 'first' });
    const result = await rows.updateOne({ _id: 'c' }, { $set: { orgId: 'o', n: 5 } }, { upsert: true });
    t.is(result.upsertedId, 'c');
    const many = await rows.updateMany({ orgId: 'o' }, { $set: { version: 7 } });
    t.is(many.matchedCount, 3);
    t.is(await rows.countDocuments({ version: 7 }), 3);
  });

  test(`${title}: two racing conditional writers, exactly one wins`, async (t) => {
    const rows = t.context.store.collection<Row>(name('race'));
    await rows.insertOne({ _id: 'doc', orgId: 'o', version: 0 });
    for (let round = 0; round < 10; round += 1) {
      const results = await Promise.all(
        ['left', 'right'].map((owner) => rows.findOneAndUpdate({ _id: 'doc', orgId: 'o', version: round }, { $inc: { version: 1 }, $set: { owner } })),
      );
      t.is(results.filter(Boolean).length, 1, `round ${round}`);
    }
    t.is((await rows.findOne({ _id: 'doc' }))?.version, 10);
  });

  test(`${title}: a guarded lifecycle move goes only from its statuses, raises version and carries its events; of two racing moves one wins`, async (t) => {
    interface Thing {
      readonly id: string;
      readonly orgId: string;
      readonly status: 'draft' | 'open' | 'closed';
      readonly version: number;
      readonly holder: string | null;
    }
    const collection = name('moves');
    const records = await RecordCollection.open<Thing>(t.context.store, collection, { id: true, orgId: true, status: true, version: true, holder: true }, []);
    await records.insert({ id: 'thing', orgId: 'o', status: 'draft', version: 0, holder: null });
    const open = { from: ['draft'] as const, to: 'open' as const };
    const close = { from: ['open'] as const, to: 'closed' as const };
    const event = { id: 'evt_1', type: 'webhook.test', orgId: 'o', timestamp: new Date(), data: {} } as unknown as DomainEvent;
    t.is(await guardedMove(records, 'o', 'thing', close), null, 'not from a status the move leaves');
    t.is(await guardedMove(records, 'other-org', 'thing', open), null, 'not another organization’s');
    const moves = await Promise.all(['a', 'b'].map((holder) => guardedMove(records, 'o', 'thing', open, { changes: { holder }, events: [event] })));
    t.is(moves.filter(Boolean).length, 1, 'one of two racing moves');
    const moved = moves.find(Boolean);
    t.like(moved, { status: 'open', version: 1 });
    const stored = await t.context.store.collection<StoredDocument & Record<string, unknown>>(collection).findOne({ _id: 'thing' });
    t.is((stored?.pendingEvents as unknown[]).length, 1, 'the winner’s event only, in the outbox');
    t.true(stored?.hasPendingEvents);
    t.is(await guardedMove(records, 'o', 'thing', close, { where: { holder: 'nobody' } }), null, 'not when `where` does not match');
    t.like(await guardedMove(records, 'o', 'thing', close, { where: { holder: moved?.holder } }), { status: 'closed', version: 2 });
  });

  test(`${title}: concurrent upserting increments never lose a count`, async (t) => {
    const rows = t.context.store.collection<Row>(name('counter'), { volatile: true });
    const counts = await Promise.all(Array.from({ length: 50 }, () => rows.findOneAndUpdate({ _id: 'k', orgId: 'o' }, { $inc: { n: 1 } }, { upsert: true })));
    t.deepEqual(
      counts.map((c) => c?.n).sort((a, b) => (a ?? 0) - (b ?? 0)),
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  test(`${title}: reads of one document by id or unique key follow every write, even when read before it`, async (t) => {
    const collection = name('lookups');
    await t.context.store.ensureIndexes(collection, [{ name: 'owner', keys: { owner: 1 }, unique: true }]);
    const rows = t.context.store.collection<Row>(collection);
    await rows.insertOne({ _id: 'a', orgId: 'o1', owner: 'k1', n: 1, tags: ['x'] });
    t.is((await rows.findOne({ owner: 'k1' }))?._id, 'a');
    t.is((await rows.findOne({ _id: 'a', orgId: 'o1' }))?.n, 1);
    t.is(await rows.findOne({ _id: 'a', orgId: 'o2' }), null, 'another tenant');
    t.is((await rows.findOne({ _id: 'a', tags: 'x' }))?._id, 'a', 'an array holding the value matches');
    t.is(await rows.findOne({ owner: 'k1', n: 2 }), null);

    await rows.updateOne({ _id: 'a' }, { $set: { n: 2 } });
    t.is((await rows.findOne({ _id: 'a' }))?.n, 2);
    t.is((await rows.findOne({ owner: 'k1', n: 2 }))?._id, 'a');
    t.is((await rows.findOneAndUpdate({ _id: 'a', n: 2 }, { $inc: { n: 1 } }, { returnDocument: 'after' }))?.n, 3);
    t.is(await rows.findOneAndUpdate({ _id: 'a', n: 2 }, { $inc: { n: 1 } }), null, 'the condition sees the write before it');

    // The key moves to another document: each key finds its current holder.
    await rows.updateOne({ _id: 'a' }, { $set: { owner: 'k2' } });
    await rows.insertOne({ _id: 'b', orgId: 'o1', owner: 'k1', n: 10 });
    t.is((await rows.findOne({ owner: 'k1' }))?._id, 'b');
    t.is((await rows.findOne({ owner: 'k2' }))?._id, 'a');

    t.is(await rows.deleteOne({ owner: 'k2' }), 1);
    t.is(await rows.findOne({ _id: 'a' }), null);
    t.is(await rows.findOne({ owner: 'k2' }), null);
    await rows.insertOne({ _id: 'a', orgId: 'o2', owner: 'k2' });
    t.is((await rows.findOne({ owner: 'k2' }))?.orgId, 'o2');
  });

  test(`${title}: deletes`, async (t) => {
    const rows = t.context.store.collection<Row>(name('deletes'));
    for (const id of ['a', 'b', 'c']) await rows.insertOne({ _id: id, orgId: id === 'a' ? 'x' : 'y' });
    t.is(await rows.deleteOne({ _id: 'a', orgId: 'y' }), 0);
    t.is(await rows.deleteOne({ _id: 'a', orgId: 'x' }), 1);
    t.is(await rows.deleteMany({ orgId: 'y' }), 2);
    t.is(await rows.countDocuments({}), 0);
    await rows.insertOne({ _id: 'a', orgId: 'x' });
    t.is(await rows.countDocuments({}), 1);
  });

  test(`${title}: organization scoping, another tenant's id matches nothing`, async (t) => {
    const collection = name('tenants');
    await t.context.store.ensureIndexes(collection, [{ name: 'org_id', keys: { orgId: 1, _id: -1 } }]);
    const rows = t.context.store.collection<Row>(collection);
    await rows.insertOne({ _id: 'a1', orgId: 'A', n: 1 });
    await rows.insertOne({ _id: 'b1', orgId: 'B', n: 1 });
    t.is(await rows.findOne({ _id: 'b1', orgId: 'A' }), null);
    t.is((await rows.updateOne({ _id: 'b1', orgId: 'A' }, { $set: { n: 2 } })).matchedCount, 0);
    t.is(await rows.findOneAndUpdate({ _id: 'b1', orgId: 'A' }, { $set: { n: 2 } }), null);
    t.is(await rows.deleteOne({ _id: 'b1', orgId: 'A' }), 0);
    t.deepEqual(
      (await rows.find({ orgId: 'A' })).map((r) => r._id),
      ['a1'],
    );
    t.is((await rows.findOne({ _id: 'b1', orgId: 'B' }))?.n, 1);
  });

  test(`${title}: array operators $push with $each, $pull, $addToSet and $size`, async (t) => {
    const rows = t.context.store.collection<Row>(name('arrays'));
    await rows.insertOne({ _id: 'a', orgId: 'o', tags: ['x'] });
    await rows.updateOne({ _id: 'a' }, { $push: { tags: { $each: ['y', 'z', 'y'] } } });
    t.deepEqual((await rows.findOne({ _id: 'a' }))?.tags, ['x', 'y', 'z', 'y']);
    await rows.updateOne({ _id: 'a' }, { $pull: { tags: 'y' } });
    t.deepEqual((await rows.findOne({ _id: 'a' }))?.tags, ['x', 'z']);
    await rows.updateOne({ _id: 'a' }, { $addToSet: { tags: { $each: ['x', 'w'] } } });
    t.deepEqual((await rows.findOne({ _id: 'a' }))?.tags, ['x', 'z', 'w']);
    await rows.updateOne({ _id: 'a' }, { $addToSet: { tags: { $each: ['v', 'v', 'z'] } } });
    t.deepEqual((await rows.findOne({ _id: 'a' }))?.tags, ['x', 'z', 'w', 'v'], 'a value repeated within $each is added once');
    await rows.insertOne({ _id: 'c', orgId: 'o' });
    await rows.updateOne({ _id: 'c' }, { $push: { tags: { $each: ['p', 'q'] } } });
    t.deepEqual((await rows.findOne({ _id: 'c' }))?.tags, ['p', 'q'], '$each creates a missing array');
    await rows.updateOne({ _id: 'c' }, { $push: { tags: { $each: ['r'], $slice: -2 } } });
    t.deepEqual((await rows.findOne({ _id: 'c' }))?.tags, ['q', 'r'], '$each with $slice');
    const events = t.context.store.collection<{ _id: string; orgId: string; list?: Array<{ id: string; n: number }>; other?: string }>(name('pull'));
    await events.insertOne({
      _id: 'e',
      orgId: 'o',
      list: [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
        { id: 'a', n: 3 },
      ],
      other: 'x',
    });
    await events.updateOne({ _id: 'e' }, { $pull: { list: { id: 'a' } } });
    t.deepEqual((await events.findOne({ _id: 'e' }))?.list, [{ id: 'b', n: 2 }], 'every element the condition matches, whatever its other fields');
    await events.updateOne({ _id: 'e' }, { $pull: { list: { n: { $gte: 2 } } } });
    t.deepEqual((await events.findOne({ _id: 'e' }))?.list, [], 'a condition with operators inside');
    await events.updateOne({ _id: 'e' }, { $pull: { missing: { id: 'a' } } as never });
    t.false('missing' in ((await events.findOne({ _id: 'e' })) ?? {}), 'pulling from a missing field creates nothing');
    await rows.insertOne({ _id: 'b', orgId: 'o', tags: [] });
    const ids = async (filter: Record<string, unknown>) => (await rows.find(filter, { sort: { _id: 1 } })).map((r) => r._id);
    t.deepEqual(await ids({ tags: { $size: 0 } }), ['b']);
    t.deepEqual(await ids({ tags: { $size: 4 } }), ['a']);
    const guarded = await rows.updateOne({ _id: 'b', tags: { $size: 0 } }, { $set: { n: 1 } });
    t.is(guarded.modifiedCount, 1);
    t.is((await rows.updateOne({ _id: 'b', tags: { $size: 0 } }, { $push: { tags: 'q' } })).modifiedCount, 1);
    t.is((await rows.updateOne({ _id: 'b', tags: { $size: 0 } }, { $set: { n: 2 } })).matchedCount, 0);
  });

  test(`${title}: $regex, $exists and array-element matching`, async (t) => {
    const collection = name('matching');
    await t.context.store.ensureIndexes(collection, [{ name: 'owner', keys: { owner: 1 } }]);
    const rows = t.context.store.collection<Row & { lines?: Array<{ code: string; amount: number }> }>(collection);
    await rows.insertOne({
      _id: 'a',
      orgId: 'o',
      owner: 'Acme Roofing',
      lines: [
        { code: 'GL', amount: 5 },
        { code: 'AUTO', amount: 50 },
      ],
    });
    await rows.insertOne({ _id: 'b', orgId: 'o', owner: 'acme bakery', lines: [{ code: 'GL', amount: 70 }] });
    await rows.insertOne({ _id: 'c', orgId: 'o', owner: null as unknown as string });
    await rows.insertOne({ _id: 'd', orgId: 'o' });
    const ids = async (filter: Record<string, unknown>) => (await rows.find(filter, { sort: { _id: 1 } })).map((r) => r._id);
    t.deepEqual(await ids({ owner: { $regex: '^acme', $options: 'i' } }), ['a', 'b']);
    t.deepEqual(await ids({ owner: { $regex: 'Roof' } }), ['a']);
    t.deepEqual(await ids({ owner: { $exists: true } }), ['a', 'b', 'c']);
    t.deepEqual(await ids({ owner: { $exists: false } }), ['d']);
    t.deepEqual(await ids({ owner: null }), ['c', 'd']);
    t.deepEqual(await ids({ lines: { $elemMatch: { code: 'GL', amount: { $gt: 10 } } } }), ['b']);
    t.deepEqual(await ids({ 'lines.code': 'GL', 'lines.amount': { $gt: 10 } }), ['a', 'b']);
    t.deepEqual(await ids({ 'lines.code': { $in: ['AUTO'] } }), ['a']);
    t.is(await rows.countDocuments({ owner: { $regex: 'acme', $options: 'i' } }), 2);
  });

  test(`${title}: sorts put missing and null first, then numbers, strings, booleans and dates, on indexed and plain fields`, async (t) => {
    for (const indexed of [true, false]) {
      const collection = name('mixed_sort');
      if (indexed) await t.context.store.ensureIndexes(collection, [{ name: 'code', keys: { code: 1 } }]);
      const rows = t.context.store.collection<StoredDocument & { code?: unknown }>(collection);
      const values: Array<[string, unknown]> = [
        ['date', new Date('2026-01-01T00:00:00Z')],
        ['early', new Date('1960-01-01T00:00:00Z')],
        ['true', true],
        ['false', false],
        ['b', 'b'],
        ['a', 'a'],
        ['ten', 10],
        ['minus', -2.5],
        ['null', null],
      ];
      for (const [id, code] of values) await rows.insertOne({ _id: id, code });
      await rows.insertOne({ _id: 'missing' });
      const ascending = (await rows.find({}, { sort: { code: 1, _id: 1 } })).map((r) => r._id);
      t.deepEqual(ascending, ['missing', 'null', 'minus', 'ten', 'a', 'b', 'false', 'true', 'early', 'date'], indexed ? 'indexed' : 'plain');
      const descending = (await rows.find({}, { sort: { code: -1, _id: 1 }, limit: 3 })).map((r) => r._id);
      t.deepEqual(descending, ['date', 'early', 'true']);
      const ranged = (await rows.find({ code: { $gte: 'a' } }, { sort: { code: 1 } })).map((r) => r._id);
      t.deepEqual(ranged, ['a', 'b'], 'a string range stays within strings');
    }
  });

  test(`${title}: an index declared over stored documents finds them, and a unique one they violate is refused`, async (t) => {
    const collection = name('late_index');
    const rows = t.context.store.collection<Row>(collection);
    await rows.insertOne({ _id: 'a', orgId: 'o1', owner: 'x', n: 1 });
    await rows.insertOne({ _id: 'b', orgId: 'o2', owner: 'x', n: 2 });
    await rows.insertOne({ _id: 'c', orgId: 'o2', tags: ['p', 'q'] });
    await t.context.store.ensureIndexes(collection, [
      { name: 'org_n', keys: { orgId: 1, n: 1 } },
      { name: 'tags', keys: { tags: 1 } },
    ]);
    t.deepEqual(
      (await rows.find({ orgId: 'o2', n: { $gte: 2 } })).map((r) => r._id),
      ['b'],
    );
    t.deepEqual(
      (await rows.find({ tags: 'q' })).map((r) => r._id),
      ['c'],
    );
    await rows.insertOne({ _id: 'd', orgId: 'o1', tags: ['q'] });
    await rows.insertOne({ _id: 'e', orgId: 'o1', tags: 'q' as unknown as string[] });
    t.deepEqual(
      (await rows.find({ tags: 'q' }, { sort: { _id: 1 } })).map((r) => r._id),
      ['c', 'd', 'e'],
    );
    const refused = await t.throwsAsync(t.context.store.ensureIndexes(collection, [{ name: 'owner_unique', keys: { owner: 1 }, unique: true }]));
    t.true(isDuplicate(refused) || /duplicate key|E11000/i.test(refused?.message ?? ''));
    await rows.insertOne({ _id: 'f', orgId: 'o1', owner: 'x' });
    t.is(await rows.countDocuments({ owner: 'x' }), 3);
  });

  test(`${title}: a partial unique index holds under concurrent writers`, async (t) => {
    const collection = name('partial_race');
    await t.context.store.ensureIndexes(collection, [
      { name: 'one_active_per_owner', keys: { orgId: 1, owner: 1 }, unique: true, partialFilterExpression: { version: { $gte: 1 } } },
    ]);
    const rows = t.context.store.collection<Row>(collection);
    const inserts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => rows.insertOne({ _id: `ins${i}`, orgId: 'o', owner: 'x', version: i % 2 === 0 ? 1 : 0 })),
    );
    t.is(inserts.filter((r) => r.status === 'fulfilled').length, 11, 'ten inactive and exactly one active');
    t.true(inserts.filter((r) => r.status === 'rejected').every((r) => isDuplicate((r as PromiseRejectedResult).reason)));
    const promotions = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => rows.updateOne({ _id: `ins${2 * i + 1}`, version: 0 }, { $set: { version: 1 } })),
    );
    t.is(promotions.filter((r) => r.status === 'fulfilled').length, 0, 'no inactive one can become a second active');
    t.is(await rows.countDocuments({ owner: 'x', version: { $gte: 1 } }), 1);
    t.is(await rows.countDocuments({ owner: 'x' }), 11);
  });

  test(`${title}: documents past their TTL are removed`, async (t) => {
    const collection = name('ttl');
    await t.context.store.ensureIndexes(collection, [{ name: 'expires', keys: { at: 1 }, expireAfterSeconds: 0 }]);
    const rows = t.context.store.collection<Row>(collection);
    await rows.insertOne({ _id: 'old', orgId: 'o', at: new Date(Date.now() - 1000) });
    await rows.insertOne({ _id: 'new', orgId: 'o', at: new Date(Date.now() + 3_600_000) });
    const deadline = Date.now() + t.context.ttlGraceMs;
    while ((await rows.findOne({ _id: 'old' })) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    t.is(await rows.findOne({ _id: 'old' }), null);
    t.not(await rows.findOne({ _id: 'new' }), null);
  });
};
