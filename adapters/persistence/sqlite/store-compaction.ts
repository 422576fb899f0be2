import type { SqliteStore } from './sqlite-store.engine.ts';

const ROWS_PER_TRANSACTION = 1_000;

/**
 * Compresses the rows of every durable table still kept as text (written before compression, or
 * before their table had a dictionary), a thousand per transaction, then rewrites the file
 * without the pages that freed. Returns the rows rewritten per collection. Run with the service
 * stopped (`npm run store:compact`).
 */
export const compactStore = (store: SqliteStore): Map<string, number> => {
  const rewritten = new Map<string, number>();
  for (const collection of store.durableCollections()) {
    const table = store.table(collection, false);
    let count = 0;
    for (let after: number | null = 0; after !== null;) {
      const from: number = after;
      store.transaction(() => {
        const batch = table.compressRows(from, ROWS_PER_TRANSACTION);
        count += batch.rewritten;
        after = batch.last;
      });
    }
    rewritten.set(collection, count);
  }
  store.vacuum();
  return rewritten;
};
