// `npm run store:stats -- [DATA_DIR] [--json]`: bytes and rows of each collection of the embedded
// store and of each of its indexes, with what they come to per policy, and the size of all of
// DATA_DIR. Reads the store file read-only: it may run beside the service.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STORE_FILE } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';
import { storeStats } from '../adapters/persistence/sqlite/store-stats.ts';

const args = process.argv.slice(2);
const dataDir = args.find((arg) => !arg.startsWith('--')) ?? process.env.DATA_DIR ?? './data';
const stats = storeStats(join(dataDir, 'store', STORE_FILE));

/** Every file under a directory, in bytes. */
const bytesUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    return sum + (entry.isDirectory() ? bytesUnder(path) : entry.isFile() ? statSync(path).size : 0);
  }, 0);

const dataDirBytes = bytesUnder(dataDir);
const policies = stats.collections.find((collection) => collection.collection === 'policies')?.rows ?? 0;
if (args.includes('--json')) {
  console.log(JSON.stringify({ ...stats, dataDirBytes, policies }, null, 2));
} else {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(10);
  const perPolicy = (bytes: number) => (policies > 0 ? (bytes / policies / 1024).toFixed(2).padStart(9) : '        -');
  console.log(`${'collection / index'.padEnd(44)}${'rows'.padStart(10)}${'KiB'.padStart(10)} KiB/policy`);
  for (const collection of stats.collections) {
    console.log(`${collection.collection.padEnd(44)}${String(collection.rows).padStart(10)}${kib(collection.tableBytes)}${perPolicy(collection.tableBytes)}`);
    for (const index of collection.indexes)
      console.log(`  ${index.name.replace(`docs:${collection.collection}`, '').padEnd(42)}${''.padStart(10)}${kib(index.bytes)}${perPolicy(index.bytes)}`);
  }
  const tables = stats.collections.reduce((sum, collection) => sum + collection.tableBytes, 0);
  const indexes = stats.collections.reduce((sum, collection) => sum + collection.indexBytes, 0);
  console.log('');
  console.log(`${'tables'.padEnd(54)}${kib(tables)}${perPolicy(tables)}`);
  console.log(`${'indexes'.padEnd(54)}${kib(indexes)}${perPolicy(indexes)}`);
  console.log(`${'store file'.padEnd(54)}${kib(stats.fileBytes)}${perPolicy(stats.fileBytes)}`);
  console.log(`${`all of ${dataDir}`.padEnd(54)}${kib(dataDirBytes)}${perPolicy(dataDirBytes)}`);
  console.log(`${policies} policies`);
}
