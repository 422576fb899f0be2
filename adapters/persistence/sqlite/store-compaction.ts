import type { KeyValue } from './index-keys.ts';
import type { SqliteStore } from './sqlite-store.engine.ts';

const ROWS_PER_TRANSACTION = 1_000;

export interface Compaction {
  /** Tables rewritten without a rowid and with packed ids (table-layout.ts). */
  readonly relaidOut: string[];
  /** Rows compressed per collection. */
  readonly compressed: Map<string, number>;
}

/**
 * Rewrites every durable table made with a rowid as tables are made now (one transaction each),
 * compresses the rows still kept as text (written before compression, or before their table had
 * a dictionary), a thousand per transaction, then rewrites the file without the pages that freed.
 * Run with the service stopped (`npm run store:compact`).
 */
export const compactStore = (store: SqliteStore): Compaction => {
  const relaidOut = store.durableCollections().filter((collection) => store.relayout(collection));
  const compressed = new Map<string, number>();
  for (const collection of store.durableCollections()) {
    const table = store.table(collection, false);
    let count = 0;
    let after: KeyValue = null;
    do {
      const from: KeyValue = after;
      store.transaction(() => {
        const batch = table.compressRows(from, ROWS_PER_TRANSACTION);
        count += batch.rewritten;
        after = batch.last;
      });
    } while (after !== null);
    compressed.set(collection, count);
  }
  store.vacuum();
  return { relaidOut, compressed };
};
