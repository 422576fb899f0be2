// Copies committed pages from the WAL into the database file, on a thread of its own with its own
// connection (see WalCheckpoints), and says when each round is done. A PASSIVE checkpoint never
// waits for the writer nor blocks it.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { path, everyMs } = workerData as { path: string; everyMs: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 5000');

const checkpoint = () => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    parentPort?.postMessage('round');
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
