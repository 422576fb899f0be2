import { Piscina } from 'piscina';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { FormValues } from '../../core/underwriting/acord125.ts';
import type { FormReader } from '../../ports/documents/form-reader.port.ts';
import type { StagedFile } from '../../ports/documents/staged-file.ts';
import type { FormReadResult, FormReadTask } from './pdf-form.worker.ts';

export interface PdfPoolOptions {
  /** Worker threads parsing at once. */
  readonly threads: number;
  /** Documents that may wait for a thread; beyond that the intake answers 503. */
  readonly maxQueue: number;
  /** Parsing time allowed per document, counted from when a thread takes it. */
  readonly budgetMs: number;
  /** Heap of one worker; a document that needs more is refused. */
  readonly maxHeapMb: number;
}

export const DEFAULT_PDF_POOL: PdfPoolOptions = { threads: 1, maxQueue: 8, budgetMs: 5_000, maxHeapMb: 256 };

/**
 * AcroForm fields read by pdf-lib in a pool of worker threads. Each document gets a time budget
 * once a thread takes it; past it, the thread is terminated (piscina replaces it) and the
 * document refused, so a hostile file costs one thread for the budget and nobody else waits.
 * The queue is our own, bounded, so that waiting for a thread never eats into the budget.
 */
export class PdfFormReaderPool implements FormReader {
  private readonly pool: Piscina<FormReadTask, FormReadResult>;
  private readonly options: PdfPoolOptions;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: PdfPoolOptions = DEFAULT_PDF_POOL) {
    this.options = options;
    this.pool = new Piscina({
      filename: new URL('./pdf-form.worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
  }

  async read(file: StagedFile): Promise<FormValues> {
    await this.takeThread();
    try {
      const result = await this.pool.run({ path: file.path }, { signal: AbortSignal.timeout(this.options.budgetMs) });
      if (!result.ok) throw new DomainError('invalid_document', result.reason);
      return result.values;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if ((error as Error).name === 'AbortError') {
        throw new DomainError('invalid_document', `The PDF could not be read within ${this.options.budgetMs / 1000} seconds.`);
      }
      // The worker ran out of memory or died: the document is what made it so.
      throw new DomainError('invalid_document', 'The PDF is too complex to read.');
    } finally {
      this.releaseThread();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private async takeThread(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.options.maxQueue) {
      throw new DomainError('service_unavailable', 'Too many documents are being read; retry shortly.', { retryAfter: 5 });
    }
    // The slot is handed over by releaseThread, so `running` stays counted for the waiter.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseThread(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
