import type { CancellationNotice } from '../../core/documents/cancellation-notice.ts';
import type { CertificateOfInsurance, Mcs90Endorsement } from '../../core/documents/certificate.ts';
import type { DrawnContent } from '../../core/documents/policy-document-content.ts';
import type { DocumentClass } from '../../core/documents/document-classification.ts';
import type { ExtractedFields } from '../../core/documents/field-extraction.ts';
import { DomainError } from '../../core/shared/domain-error.ts';
import type { FormFields } from '../../core/documents/form-fields.ts';
import type { ClassifiedDocument, DocumentContent } from '../../ports/documents/document-analysis.port.ts';
import type { PdfWorkers } from '../../ports/documents/pdf-workers.port.ts';
import type { StagedFile } from '../../ports/documents/staged-file.port.ts';
import type { FormReadResult } from './pdf-form-reading.ts';
import { PdfLane, type Failure } from './pdf-lane.ts';
import type { PdfTask, PdfTaskResult } from './pdf.worker.ts';
import { ReadingTime } from './reading-time.ts';

interface PdfPoolOptions {
  /** Worker threads reading senders' documents (a second lane of one thread draws our own). */
  readonly threads: number;
  /** Tasks that may wait for a thread, per lane; beyond that the request answers 503. */
  readonly maxQueue: number;
  /** Of those, the most one organization may have waiting; beyond that its request answers 429. */
  readonly maxQueuePerTenant: number;
  /** Time allowed per task, counted from when a thread takes it. */
  readonly budgetMs: number;
  /** Heap of one worker; a task that needs more is refused. */
  readonly maxHeapMb: number;
  /** Worker time one organization's documents may take to read per minute. */
  readonly readMsPerMinute: number;
  /**
   * Keeps the reading threads started while idle (some 40 MiB each). Otherwise they start with the
   * first upload and stop after 30 s without one; the time they take to start never counts
   * against a document's budget.
   */
  readonly warm?: boolean;
}

/** Time allowed to draw one of our own PDFs. */
const DRAWING_BUDGET_MS = 15_000;

export const DEFAULT_PDF_POOL: PdfPoolOptions = { threads: 1, maxQueue: 8, maxQueuePerTenant: 3, budgetMs: 5_000, maxHeapMb: 256, readMsPerMinute: 20_000 };

/**
 * PDF work off the event loop, in two lanes of worker threads: one reads what senders upload
 * (forms, text, classification), the other draws and inspects the platform's own PDFs
 * (certificates, MCS-90s, page counts), so a certificate never waits behind someone's parsing.
 * Each lane is shared fairly between organizations (PdfLane), and reading is also limited by
 * the worker time each organization's documents took this minute (ReadingTime).
 */
export class PdfWorkerPool implements PdfWorkers {
  private readonly options: PdfPoolOptions;
  private readonly reading: PdfLane;
  private readonly drawing: PdfLane;
  private readonly readingTime: ReadingTime;

  constructor(options: PdfPoolOptions = DEFAULT_PDF_POOL) {
    this.options = options;
    this.reading = new PdfLane({ ...options, warm: options.warm ?? false });
    // Our own drawing is trusted work: its budget only guards against a stuck thread, and must
    // cover a cold worker starting while the machine is busy with others' parsing.
    this.drawing = new PdfLane({ ...options, threads: 1, budgetMs: Math.max(options.budgetMs, DRAWING_BUDGET_MS) });
    this.readingTime = new ReadingTime(options.readMsPerMinute);
  }

  read(tenant: string, file: StagedFile): Promise<FormFields> {
    return this.readFormTask(tenant, { kind: 'readForm', path: file.path });
  }

  readStored(tenant: string, bytes: Uint8Array): Promise<FormFields> {
    return this.readFormTask(tenant, { kind: 'readFormBytes', bytes });
  }

  private async readFormTask(tenant: string, task: PdfTask): Promise<FormFields> {
    const result = (await this.readDocument(tenant, task, (reason) =>
      reason === 'timeout'
        ? new DomainError('invalid_document', `The PDF could not be read within ${this.options.budgetMs / 1000} seconds.`)
        : // The worker ran out of memory or died: the document is what made it so.
          new DomainError('invalid_document', 'The PDF is too complex to read.'),
    )) as FormReadResult;
    if (!result.ok) throw new DomainError('invalid_document', result.reason);
    return result.fields;
  }

  certificate(tenant: string, content: CertificateOfInsurance): Promise<Uint8Array> {
    return this.draw(tenant, { kind: 'acord25', content });
  }

  mcs90(tenant: string, content: Mcs90Endorsement): Promise<Uint8Array> {
    return this.draw(tenant, { kind: 'mcs90', content });
  }

  cancellationNotice(tenant: string, content: CancellationNotice): Promise<Uint8Array> {
    return this.draw(tenant, { kind: 'cancellationNotice', content });
  }

  policyDocument(tenant: string, content: DrawnContent, at: Date): Promise<Uint8Array> {
    return this.draw(tenant, { kind: 'policyDocument', content, at });
  }

  /** The sender's document could not be read in time or at all: refused, as an unreadable PDF is. */
  private readonly unreadable: Failure = (reason) =>
    new DomainError(
      'invalid_document',
      reason === 'timeout' ? `The document could not be read within ${this.options.budgetMs / 1000} seconds.` : 'The document is too complex to read.',
    );

  async content(tenant: string, file: StagedFile): Promise<DocumentContent> {
    return (await this.readDocument(tenant, { kind: 'content', path: file.path }, this.unreadable)) as DocumentContent;
  }

  async classify(tenant: string, file: StagedFile): Promise<ClassifiedDocument> {
    return (await this.readDocument(tenant, { kind: 'classify', path: file.path }, this.unreadable)) as ClassifiedDocument;
  }

  async extract(tenant: string, type: DocumentClass, content: DocumentContent): Promise<ExtractedFields | null> {
    return (await this.readDocument(tenant, { kind: 'extract', type, content }, this.unreadable)) as ExtractedFields | null;
  }

  async pageCount(tenant: string, pdf: Uint8Array): Promise<number> {
    const { result } = await this.drawing.run(
      tenant,
      { kind: 'pageCount', pdf },
      (reason) => new Error(`Counting the pages of a PDF ${reason === 'timeout' ? 'ran past its budget' : 'failed'}.`),
    );
    return result as number;
  }

  async close(): Promise<void> {
    await Promise.all([this.reading.close(), this.drawing.close()]);
  }

  private async draw(tenant: string, task: PdfTask): Promise<Uint8Array> {
    const { result } = await this.drawing.run(
      tenant,
      task,
      (reason) => new Error(`Drawing a ${task.kind} PDF ${reason === 'timeout' ? 'ran past its budget' : 'failed'}.`),
    );
    // A transferred result arrives as a plain Uint8Array view of the worker's buffer.
    return result as Uint8Array;
  }

  /** A sender's document, read in the organization's turn and charged to its reading time (failures too). */
  private async readDocument(tenant: string, task: PdfTask, failure: Failure): Promise<PdfTaskResult> {
    this.readingTime.assertLeft(tenant, performance.now());
    try {
      const { result, workerMs } = await this.reading.run(tenant, task, failure);
      this.readingTime.charge(tenant, workerMs, performance.now());
      return result;
    } catch (error) {
      const workerMs = (error as { workerMs?: number }).workerMs;
      if (workerMs !== undefined) this.readingTime.charge(tenant, workerMs, performance.now());
      throw error;
    }
  }
}
