import { open } from 'node:fs/promises';
import { encodedPutLine } from './journal-format.ts';
import type { SqliteStore } from './sqlite-store.engine.ts';

/** Every stored document of every durable collection, a collection at a time. */
function* documents(store: SqliteStore): Generator<{ collection: string; document: string }> {
  for (const collection of store.durableCollections()) for (const document of store.table(collection, false).texts()) yield { collection, document };
}

/**
 * Writes every durable document as the journal engine's `journal.log`, the way back to a version
 * of the platform from before SQLite. Streams a collection at a time; fsynced before it returns.
 */
export const exportJournal = async (store: SqliteStore, path: string): Promise<number> => {
  const file = await open(path, 'wx', 0o600);
  let count = 0;
  try {
    let chunk: string[] = [];
    for (const { collection, document } of documents(store)) {
      chunk.push(encodedPutLine(collection, document));
      count += 1;
      if (chunk.length >= 1_000) {
        await file.write(chunk.join(''));
        chunk = [];
      }
    }
    await file.write(chunk.join(''));
    await file.sync();
  } finally {
    await file.close();
  }
  return count;
};
