import { once } from 'node:events';
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

/** How often the worker copies committed pages from the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 1_000;
/** What the WAL file is cut back to when it starts over, so one burst does not keep its size. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * Keeps the WAL from growing without blocking the event loop. By default SQLite checkpoints inside
 * a commit: it copies the WAL's pages into the database file and fsyncs it, on the thread that
 * commits. Here a worker thread with a connection of its own copies them every second (a PASSIVE
 * checkpoint, which never waits for the writer nor blocks it).
 *
 * The WAL only starts over when a write transaction begins with every frame already copied, and
 * under steady load a commit always lands between the worker's copy and the next transaction. So
 * after each of the worker's rounds, the store's own connection checkpoints once right after a
 * commit (`afterCommit`): only the frames of the commits since that round are left to copy, and
 * the next transaction starts the WAL over.
 */
export class WalCheckpoints {
  private readonly db: DatabaseSync;
  private readonly worker: Worker;
  private readonly exited: Promise<unknown>;
  /** The worker finished a round since the store's connection last checkpointed. */
  private roundDone = false;
  private failed = false;

  constructor(db: DatabaseSync, databasePath: string) {
    this.db = db;
    db.exec('PRAGMA wal_autocheckpoint = 0');
    db.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT}`);
    this.worker = new Worker(new URL('./wal-checkpoint.worker.mjs', import.meta.url), {
      workerData: { path: databasePath, everyMs: CHECKPOINT_EVERY_MS },
    });
    this.worker.on('message', () => {
      this.roundDone = true;
    });
    // A worker that cannot run hands checkpoints back to SQLite's own, inside commits.
    this.worker.once('error', () => {
      this.failed = true;
      this.roundDone = false;
    });
    this.exited = once(this.worker, 'exit');
    this.worker.unref();
  }

  /** Called with no transaction open, right after a commit. */
  afterCommit(): void {
    if (this.failed) {
      this.failed = false;
      this.db.exec('PRAGMA wal_autocheckpoint = 1000');
    }
    if (!this.roundDone) return;
    this.roundDone = false;
    this.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  }

  async close(): Promise<void> {
    // Referenced again while it stops: nothing else may be keeping the process alive meanwhile.
    this.worker.ref();
    this.worker.postMessage('stop');
    await this.exited;
  }
}
