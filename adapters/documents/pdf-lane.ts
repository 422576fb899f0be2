import { Piscina } from 'piscina';
import { DomainError } from '../../core/shared/domain-error.ts';
import { FairSlots, SlotRefused } from '../shared/fair-slots.ts';
import type { PdfTask, PdfTaskResult } from './pdf.worker.ts';

interface PdfLaneOptions {
  /** Worker threads working at once. */
  readonly threads: number;
  /** Tasks that may wait for a thread; beyond that the request answers 503. */
  readonly maxQueue: number;
  /** Of those, the most one organization may have waiting; beyond that its request answers 429. */
  readonly maxQueuePerTenant: number;
  /** Time allowed per task, counted from when a thread takes it. */
  readonly budgetMs: number;
  /** Heap of one worker; a task that needs more is refused. */
  readonly maxHeapMb: number;
  /** Threads kept started while idle, instead of started for the first task and stopped after 30 s without one. */
  readonly warm?: boolean;
}

/** How a failed task is told: a sender's document is refused; our own drawing failing is our fault. */
export type Failure = (reason: 'timeout' | 'crashed') => Error;

/**
 * One pool of worker threads with its own queue, shared fairly between organizations
 * (FairSlots). Each task gets a time budget once a thread takes it; past it, the thread is
 * terminated (piscina replaces it) and the task refused, so a hostile file costs one thread for
 * the budget and nobody else waits. The queue is our own, so waiting never eats into the budget.
 * `run` answers the task's result and the worker time it took.
 */
export class PdfLane {
  private readonly pool: Piscina<PdfTask, PdfTaskResult>;
  private readonly turns: FairSlots;
  private readonly budgetMs: number;

  constructor(options: PdfLaneOptions) {
    this.budgetMs = options.budgetMs;
    this.turns = new FairSlots({ capacity: options.threads, maxQueue: options.maxQueue, maxQueuePerTenant: options.maxQueuePerTenant });
    this.pool = new Piscina({
      filename: new URL('./pdf.worker.ts', import.meta.url).href,
      minThreads: options.warm ? options.threads : 0,
      maxThreads: options.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
  }

  async run(tenant: string, task: PdfTask, failure: Failure): Promise<{ result: PdfTaskResult; workerMs: number }> {
    const release = await this.turns.acquire(tenant).catch((error: unknown) => {
      if (!(error instanceof SlotRefused)) throw error;
      if (error.scope === 'share') throw new DomainError('rate_limited', `${error.message} Retry shortly.`, { retryAfter: 5 });
      throw new DomainError('service_unavailable', 'Too many documents are being processed; retry shortly.', { retryAfter: 5 });
    });
    // A thread replaced after a timeout loads the PDF libraries first, which a busy machine can
    // stretch past a budget; it answers `ready` once loaded, so the budget counts only the task.
    await this.pool.run({ kind: 'ready' }).catch(() => undefined);
    // Worker time is real time: it measures the thread, not the business calendar.
    const started = performance.now();
    try {
      const result = await this.pool.run(task, { signal: AbortSignal.timeout(this.budgetMs) });
      return { result, workerMs: performance.now() - started };
    } catch (error) {
      throw Object.assign(failure((error as Error).name === 'AbortError' ? 'timeout' : 'crashed'), { workerMs: performance.now() - started });
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    this.turns.close(new DomainError('service_unavailable', 'The service is stopping.', { retryAfter: 5 }));
    await this.pool.destroy();
  }
}
