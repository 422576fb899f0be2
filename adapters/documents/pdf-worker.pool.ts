import { Piscina } from 'piscina';
import type { CertificateOfInsurance, Mcs90Endorsement } from '../../core/documents/certificate.ts';
import type { DocumentClass } from '../../core/documents/document-classification.ts';
import type { ExtractedFields } from '../../core/documents/field-extraction.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { FormValues } from '../../core/underwriting/acord125.ts';
import type { ClassifiedDocument, DocumentAnalysis, DocumentContent } from '../../ports/documents/document-analysis.port.ts';
import type { FormDrawing } from '../../ports/documents/form-drawing.port.ts';
import type { FormReader } from '../../ports/documents/form-reader.port.ts';
import type { PdfInspector } from '../../ports/documents/pdf-inspector.port.ts';
import type { StagedFile } from '../../ports/documents/staged-file.ts';
import type { FormReadResult } from './pdf-form-reading.ts';
import type { PdfTask, PdfTaskResult } from './pdf.worker.ts';

export interface PdfPoolOptions {
  /** Worker threads working at once. */
  readonly threads: number;
  /** Tasks that may wait for a thread; beyond that the request answers 503. */
  readonly maxQueue: number;
  /** Time allowed per task, counted from when a thread takes it. */
  readonly budgetMs: number;
  /** Heap of one worker; a task that needs more is refused. */
  readonly maxHeapMb: number;
}

export const DEFAULT_PDF_POOL: PdfPoolOptions = { threads: 1, maxQueue: 8, budgetMs: 5_000, maxHeapMb: 256 };

/** How a failed task is told: a sender's document is refused; our own drawing failing is our fault. */
type Failure = (reason: 'timeout' | 'crashed') => Error;

/**
 * PDF work (forms read by pdf-lib, certificates drawn) in a pool of worker threads. Each task gets
 * a time budget once a thread takes it; past it, the thread is terminated (piscina replaces it)
 * and the task refused, so a hostile file costs one thread for the budget and nobody else waits.
 * The queue is our own, bounded, so that waiting for a thread never eats into the budget.
 */
export class PdfWorkerPool implements FormReader, FormDrawing, PdfInspector, DocumentAnalysis {
  private readonly pool: Piscina<PdfTask, PdfTaskResult>;
  private readonly options: PdfPoolOptions;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: PdfPoolOptions = DEFAULT_PDF_POOL) {
    this.options = options;
    this.pool = new Piscina({
      filename: new URL('./pdf.worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
  }

  async read(file: StagedFile): Promise<FormValues> {
    const result = (await this.run({ kind: 'readForm', path: file.path }, (reason) =>
      reason === 'timeout'
        ? new DomainError('invalid_document', `The PDF could not be read within ${this.options.budgetMs / 1000} seconds.`)
        : // The worker ran out of memory or died: the document is what made it so.
          new DomainError('invalid_document', 'The PDF is too complex to read.'),
    )) as FormReadResult;
    if (!result.ok) throw new DomainError('invalid_document', result.reason);
    return result.values;
  }

  certificate(content: CertificateOfInsurance): Promise<Uint8Array> {
    return this.draw({ kind: 'acord25', content });
  }

  mcs90(content: Mcs90Endorsement): Promise<Uint8Array> {
    return this.draw({ kind: 'mcs90', content });
  }

  /** The sender's document could not be read in time or at all: refused, as an unreadable PDF is. */
  private readonly unreadable: Failure = (reason) =>
    new DomainError(
      'invalid_document',
      reason === 'timeout' ? `The document could not be read within ${this.options.budgetMs / 1000} seconds.` : 'The document is too complex to read.',
    );

  async content(file: StagedFile): Promise<DocumentContent> {
    return (await this.run({ kind: 'content', path: file.path }, this.unreadable)) as DocumentContent;
  }

  async classify(file: StagedFile): Promise<ClassifiedDocument> {
    return (await this.run({ kind: 'classify', path: file.path }, this.unreadable)) as ClassifiedDocument;
  }

  async extract(type: DocumentClass, content: DocumentContent): Promise<ExtractedFields | null> {
    return (await this.run({ kind: 'extract', type, content }, this.unreadable)) as ExtractedFields | null;
  }

  async pageCount(pdf: Uint8Array): Promise<number> {
    return (await this.run(
      { kind: 'pageCount', pdf },
      (reason) => new Error(`Counting the pages of a PDF ${reason === 'timeout' ? 'ran past its budget' : 'failed'}.`),
    )) as number;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private async draw(task: PdfTask): Promise<Uint8Array> {
    const bytes = await this.run(task, (reason) => new Error(`Drawing a ${task.kind} PDF ${reason === 'timeout' ? 'ran past its budget' : 'failed'}.`));
    // A transferred result arrives as a plain Uint8Array view of the worker's buffer.
    return bytes as Uint8Array;
  }

  private async run(task: PdfTask, failure: Failure): Promise<PdfTaskResult> {
    await this.takeThread();
    try {
      return await this.pool.run(task, { signal: AbortSignal.timeout(this.options.budgetMs) });
    } catch (error) {
      throw failure((error as Error).name === 'AbortError' ? 'timeout' : 'crashed');
    } finally {
      this.releaseThread();
    }
  }

  private async takeThread(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.options.maxQueue) {
      throw new DomainError('service_unavailable', 'Too many documents are being processed; retry shortly.', { retryAfter: 5 });
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
