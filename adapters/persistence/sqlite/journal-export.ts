import { open } from 'node:fs/promises';
import { encodedPutLine } from './journal-format.ts';

/**
 * Writes every durable document as the journal engine's `journal.log`, the way back to a version
 * of the platform from before SQLite. Streams a collection at a time; fsynced before it returns.
 */
export const exportJournal = async (store: { documents(): Iterable<{ collection: string; document: string }> }, path: string): Promise<number> => {
  const file = await open(path, 'wx', 0o600);
  let count = 0;
  try {
    let chunk: string[] = [];
    for (const { collection, document } of store.documents()) {
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
