// `npm run store:compact -- [DATA_DIR]`: compresses the documents of the embedded store still kept
// as text (a store written before compression, or the first rows of each table), then rewrites
// the file without the pages that freed. Prints the rows rewritten per collection and the file's
// size before and after. Stop the service first (the store refuses a second process). It needs
// free disk about the store's size while it runs (the rewrite goes through the WAL). Safe to run
// again. MongoDB compresses its own storage: with MONGODB_URI set there is nothing to do.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore, STORE_FILE } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { EMBEDDED_STORE_TUNING } from './embedded-store-tuning.ts';
import { compactStore } from '../adapters/persistence/sqlite/store-compaction.ts';

if (process.env.MONGODB_URI) {
  console.log('MONGODB_URI is set: MongoDB compresses its own storage (WiredTiger); nothing to compact.');
  process.exit(0);
}
const dataDir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
const file = join(dataDir, 'store', STORE_FILE);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const before = statSync(file).size;
const started = performance.now();
const store = await SqliteStore.open({ dir: dataDir, tuning: EMBEDDED_STORE_TUNING });
try {
  const { relaidOut, compressed } = compactStore(store);
  if (relaidOut.length > 0) console.log(`${relaidOut.length} tables rewritten without a rowid, with packed ids: ${relaidOut.join(', ')}`);
  for (const [collection, rows] of compressed) if (rows > 0) console.log(`${collection}: ${rows} rows compressed`);
} finally {
  await store.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Store file ${mib(before)} before, ${mib(statSync(file).size)} after, in ${seconds} s.`);
