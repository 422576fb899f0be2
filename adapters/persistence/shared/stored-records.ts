import type { Collection, StoredDocument } from '../../../ports/shared/persistence/collection-store.port.ts';

const BATCH = 1_000;

/**
 * Every document of a collection, of every organization, in id order a batch at a time (memory
 * holds one batch), as `read` makes them: for counting kept figures again, never for a request.
 */
export async function* storedRecords<D extends StoredDocument, T>(collection: Collection<D>, read: (document: D) => T): AsyncGenerator<T> {
  for (let after = ''; ;) {
    const rows = await collection.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit: BATCH });
    for (const row of rows) yield read(row);
    if (rows.length < BATCH) return;
    after = rows.at(-1)!._id;
  }
}
