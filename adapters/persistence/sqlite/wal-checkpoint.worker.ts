// Copies committed pages from the WAL into the database file, on a thread of its own with its own
// connection (see WalSync). A PASSIVE checkpoint never waits for the writer nor blocks it; the
// writer starts the WAL over once everything in it was copied.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { path, everyMs } = workerData as { path: string; everyMs: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 5000');

const checkpoint = () => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or interrupted: the next round copies what this one could not.
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
