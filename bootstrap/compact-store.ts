import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore, STORE_FILE } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';

// `npm run store:compact -- [DATA_DIR]`: rewrites the embedded store's file without its free pages
// (SQLite's VACUUM), as after many documents were removed. Prints the file's size before and
// after. Stop the service first (the store refuses a second process). It needs free disk about the
// store's size while it runs (the rewrite goes through the WAL). Safe to run again. MongoDB
// manages its own storage: with MONGODB_URI set there is nothing to do.

if (process.env.MONGODB_URI) {
  console.log('MONGODB_URI is set: MongoDB manages its own storage (WiredTiger); nothing to compact.');
  process.exit(0);
}
const dataDir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
const file = join(dataDir, 'store', STORE_FILE);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const before = statSync(file).size;
const started = performance.now();
const store = await SqliteStore.open({ dir: dataDir });
try {
  store.vacuum();
} finally {
  await store.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Store file ${mib(before)} before, ${mib(statSync(file).size)} after, in ${seconds} s.`);
