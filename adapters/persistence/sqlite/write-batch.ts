import type { DatabaseSync, StatementSync } from 'node:sqlite';

interface OpenTransaction {
  readonly committed: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Group commit: the writes of a turn of the event loop join one transaction, committed in
 * `setImmediate` and then flushed to disk (`flushed`, see wal-sync.ts), so throughput does not
 * hinge on one fsync per write. While the previous commit is being flushed, the transaction stays
 * open and the next turns' writes join it: none of them could be acknowledged before that flush
 * ends anyway, and a commit writes each page it changed once, however many writes changed it, so
 * fewer, larger commits write far less. Each write runs inside its own savepoint, so a write that fails (a unique
 * index) leaves no trace and the others go on; a write resolves only once its transaction is
 * committed and flushed; if the commit fails every write of the batch rejects and none is kept.
 */
export class WriteBatch {
  private open: OpenTransaction | null = null;
  private closed = false;
  /** The flush of the last commit while it runs; the next commit waits for it. */
  private flushing: Promise<void> | null = null;
  private readonly db: DatabaseSync;
  private readonly begin: StatementSync;
  private readonly savepoint: StatementSync;
  private readonly release: StatementSync;
  private readonly rollbackTo: StatementSync;

  private readonly flushed: () => Promise<void>;
  /** Called after each commit that succeeded, with no transaction open. */
  private readonly committed: () => void;

  constructor(db: DatabaseSync, flushed: () => Promise<void>, committed: () => void) {
    this.db = db;
    this.flushed = flushed;
    this.committed = committed;
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.savepoint = db.prepare('SAVEPOINT write');
    this.release = db.prepare('RELEASE write');
    this.rollbackTo = db.prepare('ROLLBACK TO write');
  }

  /** Runs `work` atomically in this turn's transaction; resolves with its result once that transaction is on disk. */
  write<R>(work: () => R): Promise<R> {
    if (this.closed) return Promise.reject(new Error('The store is closed.'));
    let transaction: OpenTransaction;
    try {
      transaction = this.transaction();
      this.savepoint.run();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    let result: R;
    try {
      result = work();
    } catch (error) {
      this.rollbackTo.run();
      this.release.run();
      return Promise.reject(error as Error);
    }
    this.release.run();
    return transaction.committed.then(() => result);
  }

  /** Commits what is open and refuses every later write. */
  close(): void {
    this.commit();
    this.closed = true;
  }

  /** Commits the open transaction now (before a schema change, or on close). */
  commit(): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    try {
      this.db.exec('COMMIT');
      const flushing = this.flushed();
      this.flushing = flushing;
      const settled = () => {
        if (this.flushing === flushing) this.flushing = null;
      };
      flushing.then(settled, settled);
      flushing.then(open.resolve, open.reject);
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      open.reject(error as Error);
      return;
    }
    this.committed();
  }

  private transaction(): OpenTransaction {
    if (this.open) return this.open;
    this.begin.run();
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const committed = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // Each write awaits `committed` itself; this only keeps a failed batch with no waiter left from being unhandled.
    committed.catch(() => {});
    this.open = { committed, resolve, reject };
    setImmediate(() => {
      if (!this.flushing) this.commit();
      else
        this.flushing.then(
          () => this.commit(),
          () => this.commit(),
        );
    });
    return this.open;
  }
}
