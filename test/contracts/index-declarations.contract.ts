import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import type { CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

interface Flagged extends StoredDocument {
  orgId: string;
  pending: boolean;
}

interface Invoice extends StoredDocument {
  orgId: string;
  status: string;
  seenOn: string | null;
}

/** Indexes declared again differently, and partial lookup indexes over a flag (the outbox's) or a status. */
export const indexDeclarationsContract = <C extends { readonly store: CollectionStore }>(test: TestFn<C>, title: string): void => {
  test(`${title}: an index declared again as partial over a flag is rebuilt, and every read still finds what it should`, async (t) => {
    const { store } = t.context;
    const collection = `flagged_${randomUUID().slice(0, 8)}`;
    const rows = store.collection<Flagged>(collection);
    await store.ensureIndexes(collection, [{ name: 'pending', keys: { pending: 1 } }]);
    for (let n = 0; n < 20; n += 1) await rows.insertOne({ _id: `r${String(n).padStart(2, '0')}`, orgId: 'o1', pending: n % 5 === 0 });
    await store.ensureIndexes(collection, [{ name: 'pending', keys: { pending: 1 }, partialFilterExpression: { pending: true } }]);
    // Declared the same way again: nothing to do.
    await store.ensureIndexes(collection, [{ name: 'pending', keys: { pending: 1 }, partialFilterExpression: { pending: true } }]);
    const ids = async (pending: boolean) => (await rows.find({ pending }, { sort: { _id: 1 } })).map((row) => row._id);
    t.deepEqual(await ids(true), ['r00', 'r05', 'r10', 'r15']);
    t.is((await ids(false)).length, 16, 'documents outside the partial index are still found');
    await rows.updateOne({ _id: 'r01' }, { $set: { pending: true } });
    await rows.updateOne({ _id: 'r00' }, { $set: { pending: false } });
    t.deepEqual(await ids(true), ['r01', 'r05', 'r10', 'r15']);
    t.is(await rows.countDocuments({ pending: true }), 4);
  });

  test(`${title}: partial indexes over one status (one with a quote in it): reads by that status, by another or by none find exactly what they should, before and after updates`, async (t) => {
    const { store } = t.context;
    const collection = `statuses_${randomUUID().slice(0, 8)}`;
    const rows = store.collection<Invoice>(collection);
    const spec = { name: 'org_status_seen', keys: { orgId: 1, status: 1, seenOn: 1 }, partialFilterExpression: { status: 'past_due' } } as const;
    await store.ensureIndexes(collection, [spec, { name: 'quoted', keys: { orgId: 1, status: 1 }, partialFilterExpression: { status: "it's" } }]);
    const statuses = ['open', 'past_due', "it's", 'paid'];
    for (let n = 0; n < 20; n += 1)
      await rows.insertOne({ _id: `r${String(n).padStart(2, '0')}`, orgId: 'o1', status: statuses[n % 4] as string, seenOn: n < 10 ? null : '2027-01-01' });
    const ids = async (filter: Record<string, unknown>) => (await rows.find({ orgId: 'o1', ...filter }, { sort: { _id: 1 } })).map((row) => row._id);
    t.deepEqual(await ids({ status: 'past_due', seenOn: null }), ['r01', 'r05', 'r09']);
    t.deepEqual(await ids({ status: "it's" }), ['r02', 'r06', 'r10', 'r14', 'r18']);
    t.is((await ids({ seenOn: null })).length, 10, 'documents outside the partial index are still found');
    await rows.updateOne({ _id: 'r00' }, { $set: { status: 'past_due' } });
    await rows.updateOne({ _id: 'r01' }, { $set: { status: 'paid' } });
    t.deepEqual(await ids({ status: 'past_due', seenOn: null }), ['r00', 'r05', 'r09']);
    t.is(await rows.countDocuments({ orgId: 'o1', status: 'past_due' }), 5);
  });
};
