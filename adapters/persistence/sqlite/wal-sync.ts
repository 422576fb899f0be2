import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * SQLite commits with `synchronous = NORMAL`: the commit's WAL frames are written (safe from a
 * crash of the process) but not flushed. This makes them safe from a power cut too, off the event
 * loop: an fdatasync of the WAL file on libuv's thread pool, while the next batch already runs.
 * Commits that land while a flush is running are covered by the next one, so one flush serves
 * every commit that came before it.
 */
export class WalSync {
  private readonly path: string;
  private handle: FileHandle | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(databasePath: string) {
    this.path = `${databasePath}-wal`;
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

  async close(): Promise<void> {
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
