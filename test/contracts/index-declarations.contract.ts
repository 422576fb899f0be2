import type { TestFn } from 'ava';
import { randomUUID } from 'node:crypto';
import type { CollectionStore, StoredDocument } from '../../ports/shared/persistence/collection-store.port.ts';

interface Flagged extends StoredDocument {
  orgId: string;
  pending: boolean;
}

/** Indexes declared again differently, and partial lookup indexes over a flag (the outbox's). */
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
};
