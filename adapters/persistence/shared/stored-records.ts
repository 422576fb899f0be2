import type { CollectionStore } from '../../../ports/shared/persistence/collection-store.port.ts';
import { recordMapper, type DocumentOf, type RecordFields } from './document-mapping.ts';

const BATCH = 1_000;

/**
 * Every record of a collection, of every organization, in id order a batch at a time (memory
 * holds one batch): for counting kept figures again, never for a request.
 */
export async function* storedRecords<T extends { id: string; orgId: string }>(
  store: CollectionStore,
  name: string,
  fields: RecordFields<T>,
): AsyncGenerator<T> {
  const mapper = recordMapper(fields);
  const collection = store.collection<DocumentOf<T>>(name);
  for (let after = ''; ;) {
    const rows = await collection.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit: BATCH });
    for (const row of rows) yield mapper.fromStored(row);
    if (rows.length < BATCH) return;
    after = rows.at(-1)!._id;
  }
}
