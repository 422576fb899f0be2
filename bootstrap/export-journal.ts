// `npm run store:export-journal -- <DATA_DIR>`: writes DATA_DIR/store/journal.log from the SQLite
// store, for going back to a version of the platform that kept a journal. The service must be
// stopped (the store refuses a second process).
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_FILE } from '../adapters/persistence/sqlite/journal-format.ts';
import { exportJournal } from '../adapters/persistence/sqlite/journal-export.ts';
import { IMPORTED_JOURNAL_FILE } from '../adapters/persistence/sqlite/journal-import.ts';
import { SqliteStore } from '../adapters/persistence/sqlite/sqlite-store.engine.ts';

const dataDir = process.argv[2] ?? process.env.DATA_DIR ?? './data';
const target = join(dataDir, 'store', JOURNAL_FILE);
const store = await SqliteStore.open({ dir: dataDir });
try {
  const previous = join(dataDir, 'store', IMPORTED_JOURNAL_FILE);
  // The imported journal is kept beside the export, renamed, so nothing is overwritten.
  if (existsSync(previous)) renameSync(previous, `${previous}.${Date.now()}`);
  const count = await exportJournal(store, target);
  console.log(`Wrote ${count} documents to ${target}. Start the previous version with DATA_DIR=${dataDir}; it reads that journal.`);
} finally {
  await store.close();
}
