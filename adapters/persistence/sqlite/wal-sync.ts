import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** How often committed pages are copied from the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 1_000;

/**
 * SQLite commits with `synchronous = NORMAL`: the commit's WAL frames are written (safe from a
 * crash of the process) but not flushed. This makes them safe from a power cut too, off the event
 * loop: an fdatasync of the WAL file on libuv's thread pool, while the next batch already runs.
 * Commits that land while a flush is running are covered by the next one, so one flush serves
 * every commit that came before it.
 *
 * It also checkpoints the WAL (copies its pages into the database file, which keeps the WAL from
 * growing) on a worker thread with a connection of its own, every second: inside a commit, as
 * SQLite does by default, the copy and the database file's fsync would stop the event loop.
 */
export class WalSync {
  private readonly path: string;
  private handle: FileHandle | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  private checkpointer: { readonly worker: Worker; readonly exited: Promise<unknown> } | null = null;

  private readonly databasePath: string;

  constructor(databasePath: string) {
    this.databasePath = databasePath;
    this.path = `${databasePath}-wal`;
  }

  /**
   * Starts the checkpoints, once the store is open. `failed`: the worker could not run, and the
   * store's own connection must checkpoint again.
   */
  startCheckpoints(failed: () => void): void {
    const worker = new Worker(new URL('./wal-checkpoint.worker.ts', import.meta.url), {
      workerData: { path: this.databasePath, everyMs: CHECKPOINT_EVERY_MS },
    });
    worker.once('error', failed);
    worker.unref();
    this.checkpointer = { worker, exited: once(worker, 'exit') };
  }

  /** Resolves once everything written to the WAL before this call is on disk. */
  flushed(): Promise<void> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  /** Waits for the flushes under way and stops the checkpoints; closing the store's connection then checkpoints the rest. */
  async close(): Promise<void> {
    if (this.checkpointer) {
      // Referenced again while it stops: nothing else may be keeping the process alive meanwhile.
      this.checkpointer.worker.ref();
      this.checkpointer.worker.postMessage('stop');
      await this.checkpointer.exited;
      this.checkpointer = null;
    }
    while (this.running || this.queued) await (this.queued ?? this.running)?.catch(() => {});
    await this.handle?.close();
    this.handle = null;
  }

  private start(): Promise<void> {
    const run = this.flush();
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = null;
    };
    run.then(done, done);
    return run;
  }

  private async flush(): Promise<void> {
    if (!this.handle) {
      this.handle = await open(this.path, 'r');
      // The WAL file was created by the first commit: its directory entry is made durable once.
      const directory = openSync(dirname(this.path), 'r');
      try {
        fsyncSync(directory);
      } finally {
        closeSync(directory);
      }
    }
    await this.handle.datasync();
  }
}
